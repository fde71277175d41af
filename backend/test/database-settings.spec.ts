import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/platform/config/app-config.js';
import { DatabasePool } from '../src/platform/database/database-pool.js';
import { createTestApp, type TestApp } from './support/app.js';

describe('database settings from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_MAX: '3', DB_STATEMENT_TIMEOUT_MS: '4321', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5432' });
  });
  afterAll(() => t.close());

  it('applies the timeouts to the sessions of both pools', async () => {
    for (const query of [(sql: string) => t.app.get(DataSource).query<Record<string, string>[]>(sql), async (sql: string) => (await t.app.get(DatabasePool).query<Record<string, string>>(sql)).rows]) {
      expect(await query('SHOW statement_timeout')).toEqual([{ statement_timeout: '4321ms' }]);
      expect(await query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '5432ms' }]);
    }
  });

  it('cancels a statement that runs longer than DB_STATEMENT_TIMEOUT_MS', async () => {
    await expect(t.app.get(DatabasePool).query('SELECT pg_sleep(10)')).rejects.toThrow(/statement timeout/);
  });

  it('opens at most DB_POOL_MAX connections per pool', async () => {
    const pool = t.app.get(DatabasePool);
    await Promise.all(Array.from({ length: 8 }, () => pool.query('SELECT pg_sleep(0.2)')));
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });

  it('refuses to boot on a setting that is not a whole number', () => {
    expect(() => AppConfig.override({ DB_POOL_MAX: 'ten' })).toThrow('DB_POOL_MAX must be a whole number ≥ 0, got "ten"');
    expect(() => AppConfig.override({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow('DB_STATEMENT_TIMEOUT_MS must be a whole number ≥ 0, got "-1"');
  });
});
