import { afterAll, afterEach, beforeAll, beforeEach, jest } from '@jest/globals';
import { DiscoveryService } from '@nestjs/core';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { DatabasePool } from '../../src/platform/database/database-pool.js';
import type { EventStore } from '../../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from '../../src/platform/event-store/upcasting.js';
import type { EventProcessor } from '../../src/platform/projections/processor.js';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';
import { ProjectionRebuilder } from '../../src/platform/projections/rebuild/projection-rebuilder.js';
import type { TestDatabase } from './database.js';
import { createMigratedDatabase } from './postgres-store.js';

/**
 * A ProcessorRunner over the given processors, outside Nest, as a restarted process would build it.
 * Each has a pool of its own, as each instance does: instances never share the listening session
 * that holds their processor locks.
 */
export async function createRunner(url: string, store: EventStore, processors: EventProcessor[], options: { run: boolean; poolSize?: number } = { run: false }) {
  const dataSource = new DataSource({ type: 'postgres', url, ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }) });
  const pool = new DatabasePool({ connectionString: url, max: 2 });
  await dataSource.initialize();
  const discovery = { getProviders: () => processors.map((instance) => ({ instance })) } as unknown as DiscoveryService;
  const config = AppConfig.override({ RUN_PROCESSORS: String(options.run) });
  const runner = new ProcessorRunner(discovery, dataSource, store, config, pool);
  const rebuilder = new ProjectionRebuilder(runner, dataSource, store, config);
  runner.onModuleInit();
  await runner.onApplicationBootstrap();
  rebuilder.onApplicationBootstrap();
  return {
    runner,
    rebuilder,
    dataSource,
    async close() {
      await runner.onApplicationShutdown();
      await dataSource.destroy();
      await pool.end();
    },
  };
}

export interface ProcessorTestBed {
  database: TestDatabase;
  pool: DatabasePool;
  store: PostgresEventStore;
  /** A superuser session, to end other sessions or refuse connections as a restart would. */
  admin: pg.Client;
  /** Closed after the test, in reverse order, with every mock restored. */
  closeAfterTest(close: () => Promise<void>): void;
  /** Rows `projection` wrote to `applied_events`. */
  applied(projection: string): Promise<number>;
  /** The processor's checkpoint as stored. */
  checkpoint(name: string): Promise<bigint>;
}

/**
 * The hooks of a processor test file: a migrated database with an `applied_events` table (keyed by
 * event id and projection, so applying an event twice fails loudly) and `tables` (name → column list),
 * an event store on it, emptied before each test.
 */
export function processorTestBed(tables: Record<string, string> = {}): ProcessorTestBed {
  let closers: (() => Promise<void>)[] = [];
  const bed = {
    closeAfterTest: (close) => void closers.push(close),
    async applied(projection) {
      const { rows } = await bed.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM applied_events WHERE projection = $1', [projection]);
      return rows[0]!.n;
    },
    async checkpoint(name) {
      const { rows } = await bed.pool.query<{ position: string }>('SELECT position FROM processor_checkpoints WHERE name = $1', [name]);
      return BigInt(rows[0]?.position ?? 0);
    },
  } as ProcessorTestBed;
  const all = { applied_events: '(event_id uuid, projection text, PRIMARY KEY (event_id, projection))', ...tables };

  beforeAll(async () => {
    ({ database: bed.database, pool: bed.pool } = await createMigratedDatabase());
    bed.store = new PostgresEventStore(bed.pool, new UpcasterRegistry());
    for (const [name, columns] of Object.entries(all)) await bed.pool.query(`CREATE TABLE ${name} ${columns}`);
    bed.admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await bed.admin.connect();
  });
  afterAll(async () => {
    await bed.admin.end();
    await bed.store.close();
    await bed.pool.end();
    await bed.database.drop();
  });
  beforeEach(async () => {
    await bed.pool.query(`TRUNCATE events, ${Object.keys(all).join(', ')}, processor_checkpoints, processor_failures, processor_dead_letters`);
  });
  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    closers = [];
    jest.restoreAllMocks();
  });
  return bed;
}
