import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { ProcessorHealth } from '../src/health/processor-health.js';
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

  it('lists every processor as standby while no instance runs it, and running while one does', async () => {
    Object.assign(process.env, ENV, { DATABASE_URL: database.url });
    const listed = () => withAppContext(async (cli) => (await cli.get(ProcessorHealth).processors()).map((p) => [p.name, p.state, p.runsHere]));
    // Another database on the same server whose session holds the same lock key: not ours, not counted.
    const elsewhere = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await elsewhere.connect();
    await elsewhere.query(`SELECT pg_advisory_lock(hashtext('processor:users'))`);
    const alone = await listed().finally(() => elsewhere.end());
    expect(alone.length).toBeGreaterThan(0);
    expect(alone).toEqual(alone.map(([name]) => [name, 'standby', false]));

    const config = AppConfig.override({ ...ENV, DATABASE_URL: database.url, RUN_PROCESSORS: 'true' });
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
    try {
      await app.init();
      expect(await listed()).toEqual(alone.map(([name]) => [name, 'running', false]));
    } finally {
      await app.close();
    }
  });

  it('reports a restarted instance with nothing new to read as running, not catching up', async () => {
    const config = AppConfig.override({ ...ENV, DATABASE_URL: database.url, RUN_PROCESSORS: 'true' });
    const start = () => NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: false });
    const states = async (app: Awaited<ReturnType<typeof start>>) => (await app.get(ProcessorHealth).processors()).map((p) => [p.name, p.state, p.runsHere, p.eventsBehind]);
    await (await start()).close(); // the first start writes the checkpoints
    const app = await start();
    try {
      await app.init();
      const names = app.get(ProcessorRunner).names;
      for (let i = 0; i < 100 && (await states(app)).some(([, , runsHere]) => !runsHere); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await states(app)).toEqual(names.map((name) => [name, 'running', true, 0]));
    } finally {
      await app.close();
    }
  });
});
