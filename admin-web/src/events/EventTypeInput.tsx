import { AutocompleteArrayInput, useGetOne, type AutocompleteArrayInputProps } from 'react-admin';
import { EVENT_TYPES, type EventTypesRecord } from '../dataProvider/dataProvider';

/** A filter value from an older URL may be one type rather than a list. */
const asList = (value: unknown): unknown[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? (value as unknown[]) : [value]);

/**
 * The event log's type filter: pick one or more of the types that occurred (typing narrows the list,
 * any case, any part of the name), instead of typing an exact type name that then matched nothing.
 */
export function EventTypeInput(props: Omit<AutocompleteArrayInputProps, 'choices'>) {
  const { data, isPending } = useGetOne<EventTypesRecord>(EVENT_TYPES, { id: 'all' });
  const choices = (data?.types ?? []).map((type) => ({ id: type, name: type }));
  return <AutocompleteArrayInput {...props} choices={choices} isPending={isPending} format={asList} sx={{ minWidth: 280 }} />;
}
