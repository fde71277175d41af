import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module.js';
import { withAppContext } from '../src/cli/app-context.js';
import { AppConfig } from '../src/platform/config/app-config.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

const ENV = { LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256', WEBHOOK_SECRETS_KEY: 'test-webhook-secrets-key', SEED_DEMO: 'false', STAFF_EMAIL: '' };

/**
 * `npm run replay`, `npm run processors` and the benchmarks start the app without HTTP. Modules that
 * configure the HTTP server at init (the Stripe-compatible API's form bodies, the gateway
 * reconciliation's start on listen) once made them crash at start with "Cannot read properties of
 * null (reading 'getInstance')".
 */
describe('the application without an HTTP server', () => {
  let database: TestDatabase;
  const saved = { ...process.env };

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    process.env = saved;
    await database.drop();
  });

  it('starts as the CLI commands start it', async () => {
    Object.assign(process.env, ENV, { DATABASE_URL: database.url });
    const projections = await withAppContext(async (app) => app.get(ProcessorRunner).projections.map((p) => p.name));
    expect(projections).toContain('payments');
  });

  it('starts with its processors running, as the benchmarks start it', async () => {
    const config = AppConfig.override({ ...ENV, DATABASE_URL: database.url, RUN_PROCESSORS: 'true' });
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
    try {
      expect(app.get(ProcessorRunner).names.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
