import type { AdminMerchant } from '@tallyline/contracts';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanField, DataTable, DateField, List, SearchInput, SimpleList, useTranslate } from 'react-admin';
import { PhoneSortBar } from '../shared/PhoneSortBar';
import { EnvironmentChip } from './EnvironmentChip';

const Column = DataTable.Col<AdminMerchant>;

function EmptyMerchants() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
      {translate('resources.merchants.empty')}
    </Typography>
  );
}

/** Read-only: merchants change their own account; staff only look. On a phone, a list that never scrolls sideways. */
export function MerchantList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const search = translate('resources.merchants.search');
  return (
    <List
      title="resources.merchants.title"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={false}
      empty={false}
    >
      {phone ? (
        <>
          <PhoneSortBar fields={['createdAt', 'companyName', 'email', 'environment']} />
          <SimpleList<AdminMerchant>
            linkType="show"
            primaryText={(merchant) => merchant.companyName}
            secondaryText={(merchant) => merchant.email}
            tertiaryText={(merchant) => translate(`resources.merchants.environments.${merchant.environment}`)}
            empty={<EmptyMerchants />}
          />
        </>
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} empty={<EmptyMerchants />}>
          <Column source="companyName" label="resources.merchants.fields.companyName" />
          <Column source="email" label="resources.merchants.fields.email" />
          <Column source="environment" label="resources.merchants.fields.environment" render={() => <EnvironmentChip />} />
          <Column source="isActive" label="resources.merchants.fields.isActive" render={() => <BooleanField source="isActive" />} />
          <Column
            source="createdAt"
            label="resources.merchants.fields.createdAt"
            sortByOrder="DESC"
            render={() => <DateField source="createdAt" showTime />}
          />
        </DataTable>
      )}
    </List>
  );
}
