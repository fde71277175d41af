import { ResponsiveTable } from '../../../components/responsive-table';
import { FAQ_RATES, formatPence, formatRate } from '../../../components/pricing';
import type { Estimate, PlanEstimate } from '../pricing-calculator';

const ROWS: { label: string; value: (plan: PlanEstimate) => number }[] = [
  { label: 'UK & EU cards', value: (plan) => plan.cards },
  { label: 'International cards and Amex', value: (plan) => plan.international },
  { label: 'Digital wallets (pricing page)', value: (plan) => plan.digitalWallets.pricingPage },
  { label: `Digital wallets (FAQ: ${formatRate(FAQ_RATES.digitalWallets)})`, value: (plan) => plan.digitalWallets.faq },
  { label: 'Bank transfers (pricing page)', value: (plan) => plan.bankTransfers.pricingPage },
  { label: `Bank transfers (FAQ: ${formatRate(FAQ_RATES.bankTransfers)})`, value: (plan) => plan.bankTransfers.faq },
];

/** The estimate if every payment of the month used one method; the FAQ's conflicting fees get their own rows. */
export function EstimateBreakdown({ estimate }: { estimate: Estimate }) {
  return (
    <ResponsiveTable
      label="Estimated monthly cost by payment method"
      columns={['If every payment is by', ...estimate.plans.map((plan) => plan.name)]}
      rows={ROWS.map((row) => ({ key: row.label, cells: [row.label, ...estimate.plans.map((plan) => formatPence(row.value(plan)))] }))}
      rowHeaders
      align={['left', 'right', 'right', 'right']}
      cellSx={[undefined, ...estimate.plans.map(() => ({ fontVariantNumeric: 'tabular-nums' }))]}
    />
  );
}
