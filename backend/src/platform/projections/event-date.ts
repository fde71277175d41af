/**
 * A date an event carries, for a read-model column. An event without a valid one (a bad import, a
 * hand-made event) fails its projection here, naming the field, instead of reaching PostgreSQL as an
 * invalid Date: pg warns about those today and will refuse them, less clearly, in its next major.
 */
export function eventDate(value: unknown, field: string): Date {
  const date = value instanceof Date || typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`${field} is not a date: ${value === undefined ? 'missing' : JSON.stringify(value)}`);
  return date;
}
