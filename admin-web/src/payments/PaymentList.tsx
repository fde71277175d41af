import { ENVIRONMENTS, PAYMENT_STATUSES, type AdminPayment } from '@tallyline/contracts';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateField,
  DateInput,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useListContext,
  useTranslate,
} from 'react-admin';
import { EnvironmentChip } from '../merchants/EnvironmentChip';
import { PhoneSortBar } from '../shared/PhoneSortBar';
import { MoneyField } from './MoneyField';
import { PaymentStatusChip } from './PaymentStatusChip';

const Column = DataTable.Col<AdminPayment>;

/** Says why when the dates exclude each other, rather than leaving the staff member to wonder where the payments went. */
function EmptyPayments() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { from, to } = filterValues as { from?: unknown; to?: unknown };
  const reversed = typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && from > to;
  return (
    <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" role={reversed ? 'alert' : undefined}>
      {translate(reversed ? 'resources.payments.filters.reversed' : 'resources.payments.empty')}
    </Typography>
  );
}

/** The columns both the payments list and a merchant's payments tab show; the merchant column only where it varies. */
function PaymentColumns({ showMerchant = true }: { showMerchant?: boolean }) {
  return (
    <>
      <Column source="createdAt" label="resources.payments.fields.createdAt" sortByOrder="DESC" render={() => <DateField source="createdAt" showTime />} />
      {showMerchant && (
        <Column
          source="merchantId"
          label="resources.payments.fields.merchant"
          render={() => <ReferenceField source="merchantId" reference="merchants" link="show" />}
        />
      )}
      <Column source="amount" label="resources.payments.fields.amount" align="right" render={() => <MoneyField source="amount" />} />
      <Column source="refundedAmount" label="resources.payments.fields.refundedAmount" align="right" render={() => <MoneyField source="refundedAmount" />} />
      <Column source="status" label="resources.payments.fields.status" render={() => <PaymentStatusChip />} />
      <Column source="environment" label="resources.payments.fields.environment" render={() => <EnvironmentChip />} />
      <Column source="customerEmail" label="resources.payments.fields.customer" disableSort />
    </>
  );
}

/**
 * The payments table, or on a phone a list of cards (amount, status, customer and date), so nothing
 * scrolls sideways.
 */
export function PaymentRows({ showMerchant = true }: { showMerchant?: boolean }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <>
        <PhoneSortBar fields={['createdAt', 'amount', 'status']} />
        <SimpleList<AdminPayment>
          linkType="show"
          primaryText={(payment) => `${payment.amount} ${payment.currency} · ${translate(`resources.payments.status.${payment.status}`)}`}
          secondaryText={(payment) => (showMerchant ? <ReferenceField source="merchantId" reference="merchants" link={false} /> : payment.customerEmail)}
          tertiaryText={(payment) => new Date(payment.createdAt).toLocaleDateString()}
          empty={<EmptyPayments />}
        />
      </>
    );
  }
  return (
    <DataTable rowClick="show" bulkActionButtons={false} empty={<EmptyPayments />}>
      <PaymentColumns showMerchant={showMerchant} />
    </DataTable>
  );
}

/** Every merchant's payments, whichever door they came in by; filters live in the URL like every list. */
export function PaymentList() {
  const translate = useTranslate();
  const search = translate('resources.payments.search');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
    // The merchants list sorts only by its own fields (not react-admin's default, id).
    <ReferenceInput key="merchantId" source="merchantId" reference="merchants" sort={{ field: 'companyName', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label="resources.payments.fields.merchant" optionText="companyName" filterToQuery={(q) => ({ q })} sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <SelectInput
      key="status"
      source="status"
      label="resources.payments.fields.status"
      choices={PAYMENT_STATUSES.map((id) => ({ id, name: `resources.payments.status.${id}` }))}
      alwaysOn
    />,
    <SelectInput
      key="environment"
      source="environment"
      label="resources.payments.fields.environment"
      choices={ENVIRONMENTS.map((id) => ({ id, name: `resources.merchants.environments.${id}` }))}
      alwaysOn
    />,
    <NullableBooleanInput
      key="refunded"
      source="refunded"
      label="resources.payments.fields.refundedAmount"
      nullLabel="resources.payments.filters.refunded.any"
      trueLabel="resources.payments.filters.refunded.yes"
      falseLabel="resources.payments.filters.refunded.no"
      alwaysOn
      sx={{ minWidth: 160 }}
    />,
    <DateInput key="from" source="from" label="resources.payments.filters.from" alwaysOn />,
    <DateInput key="to" source="to" label="resources.payments.filters.to" alwaysOn />,
  ];
  return (
    <List title="resources.payments.title" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={false} empty={false}>
      <PaymentRows />
    </List>
  );
}
