import { Logger } from '@nestjs/common';
import pg from 'pg';

/** The raw pg pool shared by the PostgreSQL event store and the LISTEN connections. */
export class DatabasePool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client can lose its connection (server restart); unhandled, that would crash the process.
    this.on('error', (error) => new Logger('DatabasePool').warn(`Idle connection lost: ${error.message}`));
  }
}
