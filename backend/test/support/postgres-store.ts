import { DataSource } from 'typeorm';
import { DatabasePool } from '../../src/platform/database/database-pool.js';
import { migrations } from '../../src/platform/database/migrations/index.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import type { UpcasterRegistry } from '../../src/platform/event-store/upcasting.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** A migrated test database with a PostgreSQL event store on it, without the HTTP app. */
export async function createMigratedDatabase(): Promise<{ database: TestDatabase; pool: DatabasePool }> {
  const database = await createTestDatabase();
  const dataSource = new DataSource({ type: 'postgres', url: database.url, migrations });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  return { database, pool: new DatabasePool({ connectionString: database.url, max: 30 }) };
}

export async function createPostgresStore(upcasters: UpcasterRegistry) {
  const { database, pool } = await createMigratedDatabase();
  const store = new PostgresEventStore(pool, upcasters);
  return {
    store,
    pool,
    async dispose() {
      await pool.end();
      await database.drop();
    },
  };
}
