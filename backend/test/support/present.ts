/**
 * The value a test relies on (an indexed read, a row it just wrote), or a failure naming what is
 * missing: clearer than a TypeError further down, and no `!` that would hide it.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what}, found nothing`);
  return value;
}
