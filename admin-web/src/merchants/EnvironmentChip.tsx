import type { AdminMerchant } from '@tallyline/contracts';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

// Green for production, orange for staging, as on the merchant's own badge (spec §4); tinted with dark
// text for contrast.
const COLORS = {
  production: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  staging: { bgcolor: '#fff3e0', color: '#8a4500' },
} as const;

export function EnvironmentChip() {
  const merchant = useRecordContext<AdminMerchant>();
  const translate = useTranslate();
  if (!merchant) return null;
  return (
    <Chip
      size="small"
      label={translate(`resources.merchants.environments.${merchant.environment}`)}
      sx={{ ...COLORS[merchant.environment], fontWeight: 500 }}
    />
  );
}
