import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../event-store/event-store.port.js';

/** Who asks, from where, and when: stamped onto every event a command appends. */
export interface CommandContext {
  actor: EventMetadata['actor'];
  correlationId: string;
  causationId?: string;
  ip?: string;
  userAgent?: string;
  now: Date;
}

export function systemContext(id = 'system', now = new Date()): CommandContext {
  return { actor: { type: 'system', id }, correlationId: randomUUID(), now };
}

/** A context for work caused by an event (reactors): same correlation, caused by that event. */
export function causedBy(event: { eventId: string; metadata: EventMetadata }, id: string, now = new Date()): CommandContext {
  return { actor: { type: 'system', id }, correlationId: event.metadata.correlationId, causationId: event.eventId, now };
}
