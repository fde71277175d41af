import type { ApplicationStatus } from '@tallyline/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

const STATUS_COLORS: Record<ApplicationStatus, ChipProps['color']> = {
  pending: 'warning',
  under_review: 'info',
  approved: 'success',
  rejected: 'error',
};

export function ApplicationStatusChip({ status, size = 'small' }: { status: ApplicationStatus; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  return <Chip label={translate(`resources.applications.status.${status}`)} color={STATUS_COLORS[status]} size={size} />;
}
