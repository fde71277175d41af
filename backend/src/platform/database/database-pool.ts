import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DatabaseSettings } from '../config/app-config.js';

/** node-postgres settings for every connection the app opens (pools, LISTEN connections, TypeORM). */
export function connectionOptions(url: string | undefined, settings: DatabaseSettings): pg.PoolConfig {
  return {
    connectionString: url,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // 0 means "no limit" for PostgreSQL; node-postgres sends nothing for false.
    statement_timeout: settings.statementTimeoutMs || false,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    keepAlive: settings.keepAliveDelayMs > 0,
    keepAliveInitialDelayMillis: settings.keepAliveDelayMs,
    Client: GuardedClient,
  };
}

/**
 * A pool stops listening to a client while it is handed out. Should the server end the session while
 * the client sits idle in someone's hands (PostgreSQL killed: "terminating connection due to unexpected
 * postmaster exit"), that unheard 'error' would crash the process. Its queries fail and the pool drops
 * it on release either way; this listener only keeps the process up.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** The raw pg pool shared by the PostgreSQL event store and the LISTEN connections' settings. */
export class DatabasePool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client can lose its connection (server restart, shutdown); the pool drops it and opens
    // a new one when needed, so this is not worth more than a debug line. Unhandled, it would crash.
    this.on('error', (error) => new Logger('DatabasePool').debug(`Idle connection closed: ${error.message}`));
  }
}
