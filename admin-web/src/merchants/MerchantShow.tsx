import type { AdminMerchant } from '@tallyline/contracts';
import { Typography } from '@mui/material';
import {
  BooleanField,
  DateField,
  Labeled,
  ListButton,
  Pagination,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PaymentRows } from '../payments/PaymentList';
import { EnvironmentChip } from './EnvironmentChip';

function MerchantTitle() {
  const merchant = useRecordContext<AdminMerchant>();
  return <>{merchant?.companyName ?? ''}</>;
}

function NoPayments({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(message)}
    </Typography>
  );
}

/** The merchant's payments (all, or only those with money refunded), from the staff payments list. */
function MerchantPayments({ refunded }: { refunded: boolean }) {
  return (
    <ReferenceManyField
      reference="payments"
      target="merchantId"
      filter={refunded ? { refunded: true } : {}}
      sort={{ field: refunded ? 'updatedAt' : 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      empty={<NoPayments message={refunded ? 'resources.merchants.refunds_empty' : 'resources.merchants.payments_empty'} />}
    >
      <PaymentRows showMerchant={false} />
    </ReferenceManyField>
  );
}

export function MerchantShow() {
  return (
    <Show
      title={<MerchantTitle />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <TabbedShowLayout syncWithLocation>
        <TabbedShowLayout.Tab label="resources.merchants.tabs.details">
          <TextField source="companyName" label="resources.merchants.fields.companyName" />
          <TextField source="email" label="resources.merchants.fields.email" />
          <Labeled label="resources.merchants.fields.environment">
            <EnvironmentChip />
          </Labeled>
          <BooleanField source="isActive" label="resources.merchants.fields.isActive" />
          <TextField source="businessType" label="resources.merchants.fields.businessType" />
          <UrlField source="website" label="resources.merchants.fields.website" emptyText="—" target="_blank" rel="noopener noreferrer" />
          <DateField source="createdAt" label="resources.merchants.fields.createdAt" showTime />
          <TextField source="id" label="resources.merchants.fields.id" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.merchants.tabs.payments" path="payments">
          <MerchantPayments refunded={false} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.merchants.tabs.refunds" path="refunds">
          <MerchantPayments refunded />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
