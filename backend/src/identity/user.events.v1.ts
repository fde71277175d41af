import type { UpcasterRegistry } from '../platform/event-store/upcasting.js';

/** Version 1 of UserRegistered carried no hash (credentials lived in a directly-written table). */
export function registerUserUpcasters(registry: UpcasterRegistry): void {
  registry.register('UserRegistered', (data, metadata) =>
    metadata.schemaVersion === 1 ? { data: { ...(data as object), passwordHash: null }, metadata: { ...metadata, schemaVersion: 2 } } : { data, metadata },
  );
}
