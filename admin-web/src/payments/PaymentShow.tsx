import type { AdminPayment } from '@tallyline/contracts';
import { Typography } from '@mui/material';
import {
  DateField,
  Labeled,
  ListButton,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
  WithRecord,
} from 'react-admin';
import { ExportStreamButton } from '../shared/ExportStreamButton';
import { EnvironmentChip } from '../merchants/EnvironmentChip';
import { MoneyField } from './MoneyField';
import { PaymentStatusChip } from './PaymentStatusChip';
import { PaymentTimeline } from './PaymentTimeline';

function PaymentTitle() {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  return <>{payment ? translate('resources.payments.show_title', { amount: `${payment.amount} ${payment.currency}`, order: payment.orderId }) : ''}</>;
}

function CardField() {
  const payment = useRecordContext<AdminPayment>();
  if (!payment) return null;
  return <span>{payment.cardLast4 ? `${payment.cardBrand ?? ''} •••• ${payment.cardLast4}` : '—'}</span>;
}

function PaymentActions() {
  const payment = useRecordContext<AdminPayment>();
  return (
    <TopToolbar>
      <ListButton />
      {payment && <ExportStreamButton streamId={`payment-${payment.id}`} />}
    </TopToolbar>
  );
}

export function PaymentShow() {
  const translate = useTranslate();
  return (
    <Show title={<PaymentTitle />} actions={<PaymentActions />}>
      <SimpleShowLayout
        sx={{
          '& .RaSimpleShowLayout-stack': {
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            gap: 2,
          },
          '& .RaSimpleShowLayout-stack > *': { m: 0 },
        }}
      >
        <Labeled label="resources.payments.fields.status">
          <PaymentStatusChip />
        </Labeled>
        <Labeled label="resources.payments.fields.amount">
          <MoneyField source="amount" />
        </Labeled>
        <Labeled label="resources.payments.fields.refundedAmount">
          <MoneyField source="refundedAmount" />
        </Labeled>
        <ReferenceField source="merchantId" reference="merchants" link="show" label="resources.payments.fields.merchant" />
        <Labeled label="resources.payments.fields.environment">
          <EnvironmentChip />
        </Labeled>
        <TextField source="paymentMethod" label="resources.payments.fields.paymentMethod" />
        <TextField source="customerName" label="resources.payments.fields.customerName" />
        <TextField source="customerEmail" label="resources.payments.fields.customer" />
        <TextField source="orderId" label="resources.payments.fields.orderId" />
        <TextField source="description" label="resources.payments.fields.description" emptyText="—" />
        <Labeled label="resources.payments.fields.card">
          <CardField />
        </Labeled>
        <TextField source="failureReason" label="resources.payments.fields.failureReason" emptyText="—" />
        <TextField source="gatewayTransactionId" label="resources.payments.fields.gatewayTransactionId" emptyText="—" sx={{ overflowWrap: 'anywhere' }} />
        <DateField source="createdAt" label="resources.payments.fields.createdAt" showTime />
        <DateField source="updatedAt" label="resources.payments.fields.updatedAt" showTime />
        <TextField source="id" label="resources.payments.fields.id" sx={{ overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {translate('resources.payments.timeline.title')}
      </Typography>
      <WithRecord<AdminPayment> render={(payment) => <PaymentTimeline paymentId={payment.id} version={payment.updatedAt} />} />
    </Show>
  );
}
