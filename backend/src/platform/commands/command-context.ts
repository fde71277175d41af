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
  /**
   * false: answer without waiting for the projections. Reactors set it: nobody reads after their
   * commands, and their own open batch transaction holds new events back from the projections.
   */
  readYourWrites?: boolean;
  /**
   * true: a past being written now (the demo's history, backdated). Nothing live is asked for: a
   * gateway's IPN would arrive on today's clock and record the outcome as happening today.
   */
  backdated?: boolean;
}

/**
 * The context's clock, going on from `now`: when a later step of the command (a gateway's answer) happened.
 * Today's time for a request; for a backdated command (the demo's history), as backdated as its first step.
 */
export function clockOf(context: CommandContext): () => Date {
  const offset = context.now.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

export function systemContext(id = 'system', now = new Date()): CommandContext {
  return { actor: { type: 'system', id }, correlationId: randomUUID(), now };
}

/** A context for work caused by an event (reactors): same correlation, caused by that event. */
export function causedBy(event: { eventId: string; metadata: EventMetadata }, id: string, now = new Date()): CommandContext {
  return { actor: { type: 'system', id }, correlationId: event.metadata.correlationId, causationId: event.eventId, now, readYourWrites: false };
}
