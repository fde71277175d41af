import type { AdminMerchant } from '@tallyline/contracts';
import {
  BooleanField,
  DateField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { EnvironmentChip } from './EnvironmentChip';

function MerchantTitle() {
  const merchant = useRecordContext<AdminMerchant>();
  return <>{merchant?.companyName ?? ''}</>;
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
      <SimpleShowLayout>
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
      </SimpleShowLayout>
    </Show>
  );
}
