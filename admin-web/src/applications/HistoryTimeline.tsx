import type { MerchantApplication } from '@tallyline/contracts';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, List, ListItem, Skeleton, Typography } from '@mui/material';
import { Button, useGetManyReference, useTranslate } from 'react-admin';
import { APPLICATION_HISTORY, type ApplicationHistoryRecord } from '../dataProvider/dataProvider';
import { ApplicationStatusChip } from './ApplicationStatusChip';

function HistoryEntry({ entry, onShowAsOf }: { entry: ApplicationHistoryRecord; onShowAsOf: (at: string) => void }) {
  const translate = useTranslate();
  const actor = entry.actor.email ?? translate('resources.applications.audit.unknown_actor');
  return (
    <ListItem divider sx={{ display: 'block', py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {entry.from ? (
          <>
            <ApplicationStatusChip status={entry.from} />
            <ArrowForwardIcon fontSize="small" titleAccess={translate('resources.applications.audit.to')} />
          </>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('resources.applications.audit.submitted')}
          </Typography>
        )}
        <ApplicationStatusChip status={entry.to} />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {translate('resources.applications.audit.by', { actor })}
        <Typography component="span" variant="caption" color="text.secondary">
          {` (${entry.actor.role} · ${entry.type})`}
        </Typography>
      </Typography>
      {entry.reviewNotes && (
        <Typography
          variant="body2"
          component="blockquote"
          sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap' }}
        >
          {entry.reviewNotes}
        </Typography>
      )}
      <Button label="resources.applications.audit.show_as_of" onClick={() => onShowAsOf(entry.at)} sx={{ mt: 0.5, ml: -0.5 }}>
        <HistoryIcon />
      </Button>
    </ListItem>
  );
}

/** Who changed the status, when, from what to what, with which notes; oldest first, as recorded. */
export function HistoryTimeline({ application, onShowAsOf }: { application: MerchantApplication; onShowAsOf: (at: string) => void }) {
  const translate = useTranslate();
  // The version is part of the query so the history reloads whenever the application does.
  const { data, isPending, error } = useGetManyReference<ApplicationHistoryRecord>(APPLICATION_HISTORY, {
    target: 'applicationId',
    id: application.id,
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'position', order: 'ASC' },
    meta: { version: application.version },
  });

  if (isPending) return <Skeleton variant="rounded" height={120} aria-label={translate('tallyline.common.loading')} />;
  if (error) {
    return <Alert severity="error">{translate('tallyline.common.load_failed', { message: error.message })}</Alert>;
  }
  if (!data?.length) return <Typography variant="body2">{translate('resources.applications.audit.history_empty')}</Typography>;
  return (
    <List disablePadding aria-label={translate('resources.applications.audit.history')}>
      {data.map((entry) => (
        <HistoryEntry key={entry.id} entry={entry} onShowAsOf={onShowAsOf} />
      ))}
    </List>
  );
}
