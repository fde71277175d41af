import type { AdminMerchant } from '@tallyline/contracts';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { TINTS } from '../shared/tints';

// Green for production, orange for staging, as on the merchant's own badge (spec §4).
const COLORS = { production: TINTS.green, staging: TINTS.orange } as const;

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
