import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { withAppContext } from '../src/cli/app-context.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/**
 * `npm run replay`, `npm run processors` and the benchmarks start the app without HTTP. A module that
 * configures the HTTP server at init (the Stripe-compatible API's form bodies) once made them all
 * crash at start with "Cannot read properties of null (reading 'getInstance')".
 */
describe('the application context of the CLI commands', () => {
  let database: TestDatabase;
  const saved = { ...process.env };

  beforeAll(async () => {
    database = await createTestDatabase();
    Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256', WEBHOOK_SECRETS_KEY: 'test-webhook-secrets-key' });
  });

  afterAll(async () => {
    process.env = saved;
    await database.drop();
  });

  it('starts without an HTTP server, every module initialised', async () => {
    const projections = await withAppContext(async (app) => app.get(ProcessorRunner).projections.map((p) => p.name));
    expect(projections).toContain('payments');
  });
});
