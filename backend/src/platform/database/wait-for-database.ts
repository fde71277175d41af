import { Logger } from '@nestjs/common';
import pg from 'pg';
import { ConfigError, type DatabaseSettings } from '../config/app-config.js';
import { connectionOptions } from './database-pool.js';
import { isTransient, sleep } from './transient-errors.js';

const RETRY_EVERY_MS = 2_000;

/**
 * Before anything else uses DATABASE_URL: a server still starting (a container started with ours) is
 * waited for, one line per attempt, up to DB_WAIT_AT_START_MS; one that refuses us for good (a wrong
 * password, no such database) or stays away stops the start with one line saying where and why, not
 * TypeORM's nine retries with a stack trace each. A server without ICU is refused here too, rather
 * than every sorted list answering 500.
 */
export async function waitForDatabase(url: string, settings: DatabaseSettings): Promise<void> {
  const where = describe(url);
  const deadline = Date.now() + settings.waitAtStartMs;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client(connectionOptions(url, settings));
    client.on('error', () => undefined); // a failed connect also emits it; the rejection below says it all
    try {
      await client.connect();
      const icu = await client.query(`SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'`);
      await client.end();
      if (icu.rowCount === 0) throw new ConfigError(`The database at ${where} has no ICU collation "und-x-icu", which lists sort names with. Use a PostgreSQL built with ICU (the official packages and images are).`);
      return;
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      await client.end().catch(() => undefined);
      const reason = reasonOf(error);
      if (!isTransient(error) || Date.now() + RETRY_EVERY_MS > deadline) {
        throw new ConfigError(`Cannot use the database at ${where}: ${reason}. Check DATABASE_URL (and that the server is running).`);
      }
      new Logger('Database').warn(`The database at ${where} cannot be reached yet (${reason}); attempt ${attempt}, next in ${RETRY_EVERY_MS / 1000} s`);
      await sleep(RETRY_EVERY_MS);
    }
  }
}

/** host:port/database, never the password. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

function reasonOf(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
