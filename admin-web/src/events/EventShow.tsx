import type { EventLogEntry } from '@tallyline/contracts';
import { Box, Typography } from '@mui/material';
import {
  DateField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ExportStreamButton } from '../shared/ExportStreamButton';
import { JsonBlock } from '../shared/JsonBlock';
import { eventActor } from './eventActor';

function EventShowActions() {
  const event = useRecordContext<EventLogEntry>();
  return (
    <TopToolbar>
      <ListButton />
      {event && <ExportStreamButton streamId={event.streamId} />}
    </TopToolbar>
  );
}

function EventPayload() {
  const event = useRecordContext<EventLogEntry>();
  const translate = useTranslate();
  if (!event) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, width: '100%' }}>
      {(['data', 'metadata'] as const).map((part) => (
        <Box key={part} sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {translate(`resources.events.fields.${part}`)}
          </Typography>
          <JsonBlock value={event[part]} label={translate(`resources.events.fields.${part}`)} />
        </Box>
      ))}
    </Box>
  );
}

function ActorField() {
  const event = useRecordContext<EventLogEntry>();
  return <Typography variant="body2">{event ? eventActor(event, { withId: true }) : ''}</Typography>;
}

/** One stored event exactly as recorded: envelope, data and metadata. */
export function EventShow() {
  return (
    <Show actions={<EventShowActions />} title={<EventTitle />}>
      <SimpleShowLayout>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Labeled label="resources.events.fields.type">
            <TextField source="type" />
          </Labeled>
          <Labeled label="resources.events.fields.position">
            <TextField source="position" />
          </Labeled>
          <Labeled label="resources.events.fields.recordedAt">
            <DateField source="recordedAt" showTime />
          </Labeled>
          <Labeled label="resources.events.fields.streamId">
            <TextField source="streamId" />
          </Labeled>
          <Labeled label="resources.events.fields.streamVersion">
            <TextField source="streamVersion" />
          </Labeled>
          <Labeled label="resources.events.fields.actor">
            <ActorField />
          </Labeled>
          <Labeled label="resources.events.fields.id">
            <TextField source="id" />
          </Labeled>
        </Box>
        <EventPayload />
      </SimpleShowLayout>
    </Show>
  );
}

function EventTitle() {
  const event = useRecordContext<EventLogEntry>();
  return <>{event ? `${event.type} #${event.position}` : ''}</>;
}
