import { Alert, Box, Skeleton, Typography } from '@mui/material';
import type { TimelineActor } from '@tallyline/contracts';
import { errorMessage } from '../../../lib/api';
import { usePaymentTimeline } from '../api/dashboard-api';

/** Who did it, in the merchant's words: people by e-mail, everything else by what it is. */
function actorLabel(actor: TimelineActor): string {
  switch (actor.role) {
    case 'merchant':
      return actor.email ?? 'Your account';
    case 'staff':
      return 'Tallyline support';
    case 'visitor':
      return 'Customer (payment page)';
    case 'api_key':
      return 'Your API key';
    case 'gateway':
      return 'Payment gateway';
    default:
      return 'Tallyline';
  }
}

/** The payment's event timeline in the transaction drawer, oldest first. */
export function PaymentTimeline({ id }: { id: string }) {
  const timeline = usePaymentTimeline(id);
  return (
    <Box component="section" role="region" aria-labelledby="payment-timeline-title" sx={{ mt: 3 }}>
      <Typography id="payment-timeline-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Timeline
      </Typography>
      {timeline.isPending && <Skeleton variant="rounded" height={120} aria-label="Loading timeline" />}
      {timeline.error && <Alert severity="error">{errorMessage(timeline.error, 'Could not load the timeline')}</Alert>}
      {timeline.data?.length === 0 && <Typography variant="body2" color="text.secondary">No events recorded for this payment yet.</Typography>}
      {timeline.data && timeline.data.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}>
          {timeline.data.map((entry) => (
            <Box component="li" key={entry.id} sx={{ position: 'relative', pl: 2, pb: 1.5 }}>
              <Box aria-hidden sx={{ position: 'absolute', left: -6, top: 6, width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' }} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{entry.summary}</Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString('en-US')}</time> · {actorLabel(entry.actor)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
