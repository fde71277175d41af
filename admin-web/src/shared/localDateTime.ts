const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The value of an <input type="datetime-local"> (local time) as an ISO instant, or undefined if blank. */
export function fromLocalInputValue(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The instant the browser's calendar day `date` (yyyy-mm-dd, as a DateInput gives it) starts, or the
 * one `days` later; undefined for anything else. The Date constructor does the local-time arithmetic,
 * so a day that a daylight-saving change makes 23 or 25 hours long still ends where the next starts.
 */
export function localDayStart(date: string, days = 0): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days) : undefined;
}
