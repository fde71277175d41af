import { Box, Typography } from '@mui/material';
import { OVERALL_HEADLINES, type ServiceStatus } from '../status-rules';
import { STATUS_COLOURS, StatusIcon } from './status-style';

interface Props {
  status: ServiceStatus;
  checkedAt: string | null;
  reachable: boolean;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

export function OverallBanner({ status, checkedAt, reachable }: Props) {
  return (
    <Box
      role="status"
      data-testid="overall-status"
      data-status={status}
      sx={{ bgcolor: STATUS_COLOURS[status].main, color: 'common.white', borderRadius: 2, p: { xs: 2, md: 3 }, display: 'flex', gap: 2, alignItems: 'center' }}
    >
      <StatusIcon status={status} fontSize="large" />
      <Box>
        <Typography component="h2" sx={{ fontSize: { xs: 20, md: 24 }, fontWeight: 800 }}>{OVERALL_HEADLINES[status]}</Typography>
        <Typography variant="body2">
          {reachable ? 'Checked' : 'The status check could not reach our servers'}
          {checkedAt ? ` at ${dateTime.format(new Date(checkedAt))}` : ''}. Refreshes every 30 seconds.
        </Typography>
      </Box>
    </Box>
  );
}
