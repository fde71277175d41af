import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { DatabasePool } from '../../src/platform/database/database-pool.js';
import type { EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { EventProcessor } from '../../src/platform/projections/processor.js';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';
import { ProjectionRebuilder } from '../../src/platform/projections/rebuild/projection-rebuilder.js';

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
