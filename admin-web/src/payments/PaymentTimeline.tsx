import type { PaymentTimelineEntry } from '@tallyline/contracts';
import { Alert, Box, List, ListItem, Skeleton, Typography } from '@mui/material';
import { useGetManyReference, useTranslate } from 'react-admin';
import { PAYMENT_EVENTS } from '../dataProvider/dataProvider';

/** "ann@example.com (merchant)", "API key 1f3c… (api_key)", "sandbox (gateway)". */
function useActorLabel() {
  const translate = useTranslate();
  return (actor: PaymentTimelineEntry['actor']) => {
    const who = actor.email ?? translate(`resources.payments.timeline.actors.${actor.role}`, { _: actor.role, id: actor.id });
    return translate('resources.payments.timeline.by', { actor: who });
  };
}

/** What happened to the payment and who did it, oldest first, straight from its event stream. */
export function PaymentTimeline({ paymentId, version }: { paymentId: string; version: string }) {
  const translate = useTranslate();
  const actorLabel = useActorLabel();
  // updatedAt is part of the query so the timeline reloads whenever the payment does.
  const { data, isPending, error } = useGetManyReference<PaymentTimelineEntry>(PAYMENT_EVENTS, {
    target: 'paymentId',
    id: paymentId,
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'position', order: 'ASC' },
    meta: { version },
  });
  if (isPending) return <Skeleton variant="rounded" height={160} aria-label={translate('tallyline.common.loading')} />;
  if (error) return <Alert severity="error">{translate('tallyline.common.load_failed', { message: error.message })}</Alert>;
  if (!data?.length) return <Typography variant="body2">{translate('resources.payments.timeline.empty')}</Typography>;
  return (
    <List disablePadding aria-label={translate('resources.payments.timeline.title')}>
      {data.map((entry) => (
        <ListItem key={entry.id} divider sx={{ display: 'block', py: 1.25 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.summary}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
            {actorLabel(entry.actor)}
            <Typography component="span" variant="caption" color="text.secondary">
              {` (${entry.actor.role} · ${entry.type})`}
            </Typography>
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
