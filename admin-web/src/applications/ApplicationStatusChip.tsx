import type { ApplicationStatus } from '@tallyline/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TINTS, type Tint } from '../shared/tints';

const STATUS_COLORS: Record<ApplicationStatus, Tint> = {
  pending: TINTS.orange,
  under_review: TINTS.blue,
  approved: TINTS.green,
  rejected: TINTS.red,
};

export function ApplicationStatusChip({ status, size = 'small' }: { status: ApplicationStatus; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  return (
    <Chip
      label={translate(`resources.applications.status.${status}`)}
      size={size}
      sx={{ ...STATUS_COLORS[status], fontWeight: 500 }}
    />
  );
}
