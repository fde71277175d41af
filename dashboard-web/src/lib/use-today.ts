import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;
let cachedDay: Date | null = null;

/** Same day → same object, as useSyncExternalStore requires of snapshots. */
function today(): Date {
  const now = new Date();
  if (cachedDay?.toDateString() !== now.toDateString()) cachedDay = now;
  return cachedDay;
}

/**
 * Today in the visitor's browser, or null while a prerendered page hydrates. The prerender was written on
 * the day of the build; hydrating on any later day must first render what it wrote (React error 418
 * otherwise), so prerendered pages carry no date and the browser fills it in.
 */
export function useToday(): Date | null {
  return useSyncExternalStore(neverChanges, today, () => null);
}
