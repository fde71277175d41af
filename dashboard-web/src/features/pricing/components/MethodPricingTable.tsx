import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { FAQ_RATES, STANDARD_PLANS, formatRate, type StandardPlan } from '../../../components/pricing';

const ROWS: { label: string; value: (plan: StandardPlan) => string }[] = [
  { label: 'UK & EU cards', value: (plan) => formatRate(plan.cards) },
  { label: 'International cards and American Express', value: (plan) => formatRate(plan.international) },
  { label: 'Digital wallets', value: (plan) => formatRate(plan.cards) },
  { label: 'Bank transfers', value: (plan) => formatRate(plan.bankTransfers) },
  { label: 'Settlement', value: (plan) => plan.settlement },
];

/** Fees per successful transaction by method and plan. Scrolls sideways on narrow screens rather than squeezing. */
export function MethodPricingTable() {
  return (
    <>
      <TableContainer role="group" tabIndex={0} aria-labelledby="method-pricing-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small" sx={{ minWidth: 560 }}>
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}>
            Fees per successful transaction. Settlement T+n: funds reach your account n business days after the payment.
          </caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">Payment method</TableCell>
              {STANDARD_PLANS.map((plan) => (
                <TableCell key={plan.id} component="th" scope="col">{plan.name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>{row.label}</TableCell>
                {STANDARD_PLANS.map((plan) => (
                  <TableCell key={plan.id}>{row.value(plan)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
