import type { EventLogEntry } from '@tallyline/contracts';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  DateTimeInput,
  FilterButton,
  List,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { fromLocalInputValue } from '../shared/localDateTime';
import { ExportStreamButton } from '../shared/ExportStreamButton';
import { eventActor } from './eventActor';
import { EventListEmpty, EventListError, EventListPagination } from './EventListStates';
import { EventTypeInput } from './EventTypeInput';

const Column = DataTable.Col<EventLogEntry>;

const filters = [
  <TextInput key="stream" source="stream" label="resources.events.filters.stream" alwaysOn resettable />,
  <EventTypeInput key="type" source="type" label="resources.events.filters.type" alwaysOn />,
  <TextInput key="actor" source="actor" label="resources.events.filters.actor" resettable />,
  <DateTimeInput key="from" source="from" label="resources.events.filters.from" parse={fromLocalInputValue} />,
  <DateTimeInput key="to" source="to" label="resources.events.filters.to" parse={fromLocalInputValue} />,
];

/** Export needs one stream: the button appears once the list is filtered by a stream. */
function EventListActions() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const stream = typeof filterValues.stream === 'string' ? filterValues.stream.trim() : '';
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FilterButton />
      {stream ? (
        <ExportStreamButton streamId={stream} />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.events.export.hint')}
        </Typography>
      )}
    </TopToolbar>
  );
}

// The refusal shows in place of the list (EventListError): a toast saying it again would be noise.
const listQueryOptions = { onError: () => undefined };

/** The compliance event log: every stored event, newest first; on a phone, a list that never scrolls sideways. */
export function EventList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="resources.events.title"
      filters={filters}
      actions={<EventListActions />}
      sort={{ field: 'position', order: 'DESC' }}
      empty={false}
      error={<EventListError />}
      pagination={<EventListPagination />}
      queryOptions={listQueryOptions}
      perPage={50}
    >
      {phone ? (
        <SimpleList<EventLogEntry>
          linkType="show"
          primaryText={(event) => event.type}
          secondaryText={(event) => `${new Date(event.recordedAt).toLocaleString()} · ${event.streamId}`}
          sx={{ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } }}
          empty={<EventListEmpty />}
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} empty={<EventListEmpty />}>
          <Column source="position" label="resources.events.fields.position" sortByOrder="DESC" />
          <Column
            source="recordedAt"
            label="resources.events.fields.recordedAt"
            sortByOrder="DESC"
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={() => <DateField source="recordedAt" showTime />}
          />
          <Column source="type" label="resources.events.fields.type" />
          <Column
            source="streamId"
            label="resources.events.fields.streamId"
            cellSx={() => ({ fontFamily: 'monospace', fontSize: 13 })}
          />
          <Column source="streamVersion" label="resources.events.fields.streamVersion" disableSort />
          <Column label="resources.events.fields.actor" disableSort render={(record) => eventActor(record)} />
        </DataTable>
      )}
    </List>
  );
}
