import { Box, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { TEST_CARDS, TEST_PAYMENT_METHODS } from '../api-reference';

export function TestingSection() {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        Use a test key (<code>sk_test_…</code>) and the staging environment: nothing is charged. Each card below always
        gives the same result. Use any future expiry date and any 3-digit CVC.
      </Typography>
      <ResponsiveTable
        label="Test cards"
        columns={['Card number', 'Brand', 'Result']}
        rows={TEST_CARDS.map((card) => ({ key: card.number, cells: [card.number, card.brand, card.result] }))}
        cellSx={[{ fontFamily: 'monospace', whiteSpace: 'nowrap' }]}
        testId="test-cards"
      />
      <Typography sx={{ mt: 3, mb: 2 }}>
        With the Stripe-compatible API and a test key, pass Stripe&apos;s test payment methods as <code>payment_method</code>;
        each stands for one of the cards above. A live key (<code>sk_live_…</code>) refuses them, as Stripe does.
      </Typography>
      <ResponsiveTable
        label="Test payment methods"
        columns={['payment_method', 'Result']}
        rows={TEST_PAYMENT_METHODS.map((method) => ({ key: method.id, cells: [method.id, method.result] }))}
        cellSx={[{ fontFamily: 'monospace', whiteSpace: 'nowrap' }]}
        testId="test-payment-methods"
      />
    </Box>
  );
}
