import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from './clock.js';
import { EventSourcedCommands } from './commands/event-sourced-commands.js';
import { AppConfig } from './config/app-config.js';
import { connectionOptions, DatabasePool } from './database/database-pool.js';
import { migrations } from './database/migrations/index.js';
import { EventStore } from './event-store/event-store.port.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from './event-store/upcasting.js';
import { ErrorShapes } from './http/error-filter.js';
import { MailTransport, OutboxMailTransport } from './mail/mail-transport.js';
import { ProcessorRunner } from './projections/processor-runner.js';
import { ProjectionRebuilder } from './projections/rebuild/projection-rebuilder.js';

/** `_migrated`: injecting TypeORM's data source makes this wait for the migrations. */
async function createEventStore(config: AppConfig, pool: DatabasePool, upcasters: UpcasterRegistry, _migrated: DataSource): Promise<EventStore> {
  if (!config.eventStoreUrl) {
    const store = new PostgresEventStore(pool, upcasters);
    await store.assertTransactionCounterAhead();
    return store;
  }
  // Loaded only when used: the gRPC client is heavy and most runs use PostgreSQL.
  const { EventStoreDbEventStore } = await import('./event-store/eventstoredb/eventstoredb-event-store.js');
  return EventStoreDbEventStore.connect(config.eventStoreUrl, upcasters);
}

/** Config, database, event store, command pipeline, processors and mail: what every feature uses. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    private readonly pool: DatabasePool,
    private readonly store: EventStore,
    private readonly processors: ProcessorRunner,
  ) {}

  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        DiscoveryModule,
        CqrsModule.forRoot(),
        TypeOrmModule.forRoot({
          type: 'postgres',
          ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
          poolSize: config.database.poolMax,
          // Passed to node-postgres: timeouts and keepalive as for every other connection.
          extra: connectionOptions(config.databaseUrl, config.database),
          autoLoadEntities: true,
          synchronize: false,
          migrations,
          migrationsRun: true,
          migrationsTransactionMode: 'each',
          // TypeORM's logger prints query parameters (password hashes among them); failures reach the error filter anyway.
          logging: false,
        }),
      ],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: DatabasePool, useFactory: () => new DatabasePool(connectionOptions(config.databaseUrl, config.database)) },
        UpcasterRegistry,
        { provide: EventStore, inject: [AppConfig, DatabasePool, UpcasterRegistry, DataSource], useFactory: createEventStore },
        ProcessorRunner,
        ProjectionRebuilder,
        EventSourcedCommands,
        Clock,
        { provide: MailTransport, useClass: OutboxMailTransport },
        ErrorShapes,
      ],
      exports: [AppConfig, DatabasePool, UpcasterRegistry, EventStore, ProcessorRunner, ProjectionRebuilder, EventSourcedCommands, Clock, MailTransport, ErrorShapes, CqrsModule],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    // The processors finish their batches before the connections they use go away.
    await this.processors.onApplicationShutdown();
    await this.store.close();
    await this.pool.end();
  }
}
