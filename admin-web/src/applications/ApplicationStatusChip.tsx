import type { ApplicationStatus } from '@tallyline/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';

// Tinted background with dark text: MUI's filled warning/info chips put white text on mid-tone
// orange and blue, below the 4.5:1 contrast small text needs.
const STATUS_COLORS: Record<ApplicationStatus, { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#fff3e0', color: '#8a4500' },
  under_review: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  approved: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  rejected: { bgcolor: '#ffebee', color: '#b71c1c' },
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
