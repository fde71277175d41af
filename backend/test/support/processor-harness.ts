import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/platform/config/app-config.js';
import type { DatabasePool } from '../../src/platform/database/database-pool.js';
import type { EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { EventProcessor } from '../../src/platform/projections/processor.js';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';

/** A ProcessorRunner over the given processors, outside Nest, as a restarted process would build it. */
export async function createRunner(url: string, store: EventStore, pool: DatabasePool, processors: EventProcessor[], options = { run: false }) {
  const dataSource = new DataSource({ type: 'postgres', url });
  await dataSource.initialize();
  const discovery = { getProviders: () => processors.map((instance) => ({ instance })) } as unknown as DiscoveryService;
  const runner = new ProcessorRunner(discovery, dataSource, store, AppConfig.override({ RUN_PROCESSORS: String(options.run) }), pool);
  runner.onModuleInit();
  await runner.onApplicationBootstrap();
  return {
    runner,
    dataSource,
    async close() {
      await runner.onApplicationShutdown();
      await dataSource.destroy();
    },
  };
}
