import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { asList, useKnownEventTypes } from './EventTypeInput';

const FILTER_LABELS = new Set(['stream', 'type', 'actor', 'from', 'to']);

/**
 * Empties every filter, the ones a link set that have no field (an unknown key) included. Labelled on a
 * phone too, where react-admin's Button would be a lone icon.
 */
function ClearFiltersButton() {
  const { setFilters } = useListContext();
  const translate = useTranslate();
  return (
    <Button variant="outlined" size="small" startIcon={<FilterAltOffIcon />} onClick={() => setFilters({}, {})}>
      {translate('resources.events.list.clear_filters')}
    </Button>
  );
}

/** "Event type “A” or “B”; Stream “x”": the filters as the staff member set them (or a link did). */
function useFilterSummary(): string {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  return Object.entries(filterValues)
    .filter(([, value]) => asList(value).length > 0)
    .map(([key, value]) => {
      const label = FILTER_LABELS.has(key) ? translate(`resources.events.filters.${key}`) : key;
      return `${label} ${asList(value).map((item) => `“${typeof item === 'string' ? item : JSON.stringify(item)}”`).join(` ${translate('resources.events.list.or')} `)}`;
    })
    .join('; ');
}

/**
 * Nothing to show. Filtered, it says by what, which of the event types asked for never occurred (a link
 * may name one), and offers to clear the filters.
 */
export function EventListEmpty() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { types: known } = useKnownEventTypes();
  const summary = useFilterSummary();
  const unknownTypes = known ? asList(filterValues.type).filter((type) => typeof type === 'string' && !known.includes(type)) : [];
  return (
    <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <Typography color="text.secondary">{translate('resources.events.empty')}</Typography>
      {summary && (
        <>
          {unknownTypes.length > 0 && (
            <Typography>
              {translate('resources.events.list.unknown_types', {
                smart_count: unknownTypes.length,
                types: unknownTypes.map((type) => `“${String(type)}”`).join(` ${translate('resources.events.list.and')} `),
              })}
            </Typography>
          )}
          <Typography color="text.secondary">{translate('resources.events.list.no_match', { filters: summary })}</Typography>
          <ClearFiltersButton />
        </>
      )}
    </Box>
  );
}

/**
 * The API refused the filters (a 400 for a key it does not know or a date it cannot read, from a link or
 * an older bookmark): its message in place of the list, and a way out, where the list read "No events
 * found" under a stale "1-50 of 50" with nothing on screen to clear.
 */
export function EventListError() {
  const translate = useTranslate();
  const { error, filterValues } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}>
      <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
        {translate(filtered ? 'resources.events.list.refused' : 'resources.events.list.failed', { message: error?.message ?? '' })}
      </Alert>
      {filtered && <ClearFiltersButton />}
    </Box>
  );
}

/** No page label over an error: without an answer there is no count to show. */
export function EventListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
