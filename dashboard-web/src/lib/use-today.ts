import { useSyncExternalStore } from 'react';

let cachedDay: Date | null = null;

/** Tells React just after each local midnight, so a page left open overnight shows the new day. */
function subscribeToMidnight(onChange: () => void): () => void {
  let timer: number;
  const schedule = () => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    timer = window.setTimeout(() => {
      onChange();
      schedule();
    }, midnight.getTime() - now.getTime() + 1_000);
  };
  schedule();
  return () => window.clearTimeout(timer);
}

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
  return useSyncExternalStore(subscribeToMidnight, today, () => null);
}
