import { Alert, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { FAQ_RATES, STANDARD_PLANS, formatRate, type StandardPlan } from '../../../components/pricing';

const ROWS: { label: string; value: (plan: StandardPlan) => string }[] = [
  { label: 'UK & EU cards', value: (plan) => formatRate(plan.cards) },
  { label: 'International cards and American Express', value: (plan) => formatRate(plan.international) },
  { label: 'Digital wallets', value: (plan) => formatRate(plan.cards) },
  { label: 'Bank transfers', value: (plan) => formatRate(plan.bankTransfers) },
  { label: 'Settlement', value: (plan) => plan.settlement },
];

/** Fees per successful transaction by method and plan. */
export function MethodPricingTable() {
  return (
    <>
      <ResponsiveTable
        label="Pricing by payment method"
        caption="Fees per successful transaction. Settlement T+n: funds reach your account n business days after the payment."
        columns={['Payment method', ...STANDARD_PLANS.map((plan) => plan.name)]}
        rows={ROWS.map((row) => ({ key: row.label, cells: [row.label, ...STANDARD_PLANS.map((plan) => row.value(plan))] }))}
        rowHeaders
      />
      <Alert severity="info" sx={{ mt: 2 }}>
        <Typography variant="body2">
          Our community FAQ quotes different fees for some methods: bank transfers {formatRate(FAQ_RATES.bankTransfers)},
          digital wallets {formatRate(FAQ_RATES.digitalWallets)} and crypto {formatRate(FAQ_RATES.crypto)}. Until the two
          are reconciled, the calculator below shows both readings, and we confirm your rates before you go live.
        </Typography>
      </Alert>
    </>
  );
}
