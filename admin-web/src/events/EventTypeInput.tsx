import { AutocompleteArrayInput, useGetOne, useListContext, type AutocompleteArrayInputProps } from 'react-admin';
import { EVENT_TYPES, type EventTypesRecord } from '../dataProvider/dataProvider';

/** A filter value from an older URL may be one type rather than a list. */
export const asList = (value: unknown): unknown[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? (value as unknown[]) : [value]);

/** The event types that occurred (undefined while they load), cached by react-admin for the filter and the list's empty state. */
export function useKnownEventTypes(): { types: string[] | undefined; isPending: boolean } {
  const { data, isPending } = useGetOne<EventTypesRecord>(EVENT_TYPES, { id: 'all' });
  return { types: data?.types, isPending };
}

/**
 * The event log's type filter: pick one or more of the types that occurred (typing narrows the list,
 * any case, any part of the name), instead of typing an exact type name that then matched nothing.
 * A type from a link that never occurred is offered too, so it shows as a chip that can be removed,
 * where it was an empty field filtering the list down to nothing.
 */
export function EventTypeInput(props: Omit<AutocompleteArrayInputProps, 'choices'>) {
  const { types, isPending } = useKnownEventTypes();
  const { filterValues } = useListContext();
  const known = types ?? [];
  const linked = asList(props.source ? filterValues[props.source] : undefined).filter((type): type is string => typeof type === 'string' && !known.includes(type));
  const choices = [...known, ...linked].map((type) => ({ id: type, name: type }));
  return <AutocompleteArrayInput {...props} choices={choices} isPending={isPending} format={asList} sx={{ minWidth: 280 }} />;
}
