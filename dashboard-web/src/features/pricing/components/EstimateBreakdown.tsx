import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
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
    <TableContainer role="group" tabIndex={0} aria-label="Estimated monthly cost by payment method" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Table size="small" sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">If every payment is by</TableCell>
            {estimate.plans.map((plan) => (
              <TableCell key={plan.planId} component="th" scope="col" align="right">{plan.name}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">{row.label}</TableCell>
              {estimate.plans.map((plan) => (
                <TableCell key={plan.planId} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPence(row.value(plan))}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
