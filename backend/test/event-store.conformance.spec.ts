import { describeEventStoreConformance } from '../src/platform/event-store/conformance/event-store.conformance.js';
import { createPostgresStore } from './support/postgres-store.js';

let disposePostgres: (() => Promise<void>) | undefined;
describeEventStoreConformance('PostgreSQL', {
  async create(upcasters) {
    const created = await createPostgresStore(upcasters);
    disposePostgres = () => created.dispose();
    return created.store;
  },
  dispose: () => disposePostgres?.() ?? Promise.resolve(),
});

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  describeEventStoreConformance('EventStoreDB', {
    async create(upcasters) {
      const { EventStoreDbEventStore } = await import('../src/platform/event-store/eventstoredb/eventstoredb-event-store.js');
      return EventStoreDbEventStore.connect(eventStoreUrl, upcasters);
    },
  });
}
