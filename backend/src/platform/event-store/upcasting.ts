import type { EventMetadata } from './event-store.port.js';

/**
 * Upcasters turn an old stored shape into the current one on read; stored events are never rewritten.
 * Keyed by event type; each receives the data as stored and its schemaVersion.
 */
export type Upcaster = (data: unknown, metadata: EventMetadata) => { data: unknown; metadata: EventMetadata };

export class UpcasterRegistry {
  private readonly byType = new Map<string, Upcaster[]>();

  register(type: string, upcaster: Upcaster): this {
    this.byType.set(type, [...(this.byType.get(type) ?? []), upcaster]);
    return this;
  }

  upcast<E extends { type: string; data: unknown; metadata: EventMetadata }>(event: E): E {
    const chain = this.byType.get(event.type);
    if (!chain) return event;
    let current = { data: event.data, metadata: event.metadata };
    for (const upcaster of chain) current = upcaster(current.data, current.metadata);
    return { ...event, ...current };
  }
}
