import type { MerchantApplication } from '@tallyline/contracts';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  useGetList,
  DateField,
  List,
  SearchInput,
  useBasename,
  useCreatePath,
  useLocation,
  useMatchPath,
  useNavigate,
  useTranslate,
} from 'react-admin';
import { PhoneSortBar } from '../shared/PhoneSortBar';
import { ApplicationCards } from './ApplicationCards';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { ReviewButton } from './ReviewButton';
import { ReviewDialog } from './ReviewDialog';
import { COUNT_SORT, StatusTabs } from './StatusTabs';

const Column = DataTable.Col<MerchantApplication>;

/** The title with the total of every application (spec: a total-count badge), whatever tab is open. */
function QueueHeader() {
  const { total, isPending } = useGetList('applications', { pagination: { page: 1, perPage: 1 }, sort: COUNT_SORT, filter: {} });
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('resources.applications.title')}
      </Typography>
      {!isPending && total !== undefined && (
        <Chip
          label={total}
          color="primary"
          size="small"
          aria-label={translate('resources.applications.total', { smart_count: total })}
        />
      )}
    </Box>
  );
}

function EmptyQueue() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
      {translate('resources.applications.empty')}
    </Typography>
  );
}


/**
 * The staff review queue. The review dialog is driven by the URL (/admin/applications/:id, like the
 * react-admin demo's review drawer), so it can be linked to and reopened after a reload.
 */
export function ApplicationList() {
  const location = useLocation();
  const matchPath = useMatchPath();
  const basename = useBasename();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const match = matchPath(`${basename}/applications/:id`, location.pathname);
  const selectedId = match?.params.id;

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const search = translate('resources.applications.search');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
  ];

  // Back to the list with the list's own parameters, which the dialog's URL carries (see ReviewButton).
  // Without them react-admin's list would write them into the URL itself, racing this navigation: its
  // write could land on the dialog's path and reopen the dialog just closed.
  const closeReview = () => navigate({ pathname: createPath({ resource: 'applications', type: 'list' }), search: location.search });

  return (
    <>
      <List
        resource="applications"
        title="resources.applications.title"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={false}
        empty={false}
        perPage={25}
      >
        <QueueHeader />
        <StatusTabs />
        {phone ? (
          <>
            <PhoneSortBar fields={['createdAt', 'companyName', 'status']} />
            <ApplicationCards empty={<EmptyQueue />} />
          </>
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false} empty={<EmptyQueue />}>
            <Column source="companyName" label="resources.applications.columns.company" />
            <Column
              label="resources.applications.columns.contact"
              disableSort
              render={(record) => (
                <>
                  <Typography variant="body2">{record.contactName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {record.contactEmail}
                  </Typography>
                </>
              )}
            />
            <Column source="country" label="resources.applications.columns.country" disableSort />
            <Column
              source="status"
              label="resources.applications.columns.status"
              render={(record) => <ApplicationStatusChip status={record.status} />}
            />
            <Column
              source="createdAt"
              label="resources.applications.columns.submitted"
              sortByOrder="DESC"
              render={() => <DateField source="createdAt" showTime />}
            />
            <Column label="resources.applications.columns.actions" disableSort render={() => <ReviewButton />} />
          </DataTable>
        )}
      </List>
      {selectedId && <ReviewDialog id={selectedId} onClose={closeReview} />}
    </>
  );
}
