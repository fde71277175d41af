import type { EventLogEntry } from '@tallyline/contracts';

/** metadata.actor is `{ type, id }` on every event (design §2); older or foreign events may lack it. */
export function eventActor(event: Pick<EventLogEntry, 'metadata'>): string {
  const actor = event.metadata.actor as { type?: unknown; id?: unknown } | undefined;
  if (!actor || typeof actor !== 'object') return '';
  return [actor.type, actor.id].filter((part) => typeof part === 'string' && part).join(' ');
}
