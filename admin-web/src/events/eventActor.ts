import type { EventLogEntry } from '@tallyline/contracts';

/**
 * metadata.actor is `{ type, id }` on every event (design §2); older or foreign events may lack it. A
 * person (staff, a merchant's user) is named by e-mail, with the id too where there is room for it
 * (the id is what the Actor filter takes).
 */
export function eventActor(event: Pick<EventLogEntry, 'metadata' | 'actorEmail'>, { withId = false } = {}): string {
  const actor = event.metadata.actor as { type?: unknown; id?: unknown } | undefined;
  if (!actor || typeof actor !== 'object') return '';
  // Someone not signed in (the public application form, the hosted payment page): a visitor, as the timelines say.
  if (actor.type === 'user' && actor.id === 'anonymous') return 'visitor';
  const id = typeof actor.id === 'string' && actor.id ? actor.id : undefined;
  const who = event.actorEmail ? (withId && id ? `${event.actorEmail} (${id})` : event.actorEmail) : id;
  return [actor.type, who].filter((part) => typeof part === 'string' && part).join(' ');
}
