const DAY_MS = 24 * 60 * 60 * 1000;

export interface DayCount {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  count: number;
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Midnight (local time) at the start of the window of `days` days ending today. */
export function windowStart(now: Date, days: number): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  start.setDate(start.getDate() - (days - 1));
  return start;
}

/** Submissions per local day over the window, days without any included as zero. */
export function countPerDay(createdAts: readonly string[], now: Date, days: number): DayCount[] {
  const start = windowStart(now, days);
  const counts = new Map<string, number>();
  for (let i = 0; i < days; i++) counts.set(localDay(new Date(start.getTime() + i * DAY_MS + DAY_MS / 2)), 0);
  for (const createdAt of createdAts) {
    const key = localDay(new Date(createdAt));
    const current = counts.get(key);
    if (current !== undefined) counts.set(key, current + 1);
  }
  return [...counts].map(([day, count]) => ({ day, count }));
}
