import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import getPort from 'get-port';
import { AppModule } from '../../src/app.module.js';
import { AppConfig } from '../../src/platform/config/app-config.js';
import { createHttpApp } from '../../src/platform/http/configure-app.js';
import { BootSeed } from '../../src/seed/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';

export interface TestApp {
  app: NestFastifyApplication;
  /** An HTTP request through Fastify's inject: the full stack, no socket. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  database: TestDatabase;
  config: AppConfig;
  /** Stops the app and drops the database. */
  close(): Promise<void>;
  /** Stops the app and keeps the database, for another app to start on (a restart). */
  stop(): Promise<void>;
}

/**
 * The real app on a fresh database (or on `database`, as after a restart), answering through
 * Fastify's inject (no socket needed). `listen`: also on a real port at config.publicUrl, for what
 * calls the app over HTTP (the payment gateway adapter talking to the embedded sandbox, its IPNs).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream; listen?: boolean; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const port = options.listen ? await getPort({ host: '127.0.0.1' }) : undefined;
  const config = AppConfig.override({
    ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    STAFF_EMAIL: '',
    STAFF_PASSWORD: '',
    // Tests send many requests from one address; the files that test the limits set their own.
    APPLICATION_RATE_LIMIT: '100000',
    SIGNUP_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '100000',
    API_KEY_FAILURE_LIMIT: '100000',
    // A test's own gateway calls in flight are its business: the background reconciliation leaves them be.
    GATEWAY_RECONCILE_AFTER_MS: '3600000',
    // Fixed so no test writes a key file under DATA_DIR, and a restarted app signs with the same secrets.
    WEBHOOK_SECRETS_KEY: 'test-webhook-secrets-key',
    ...env,
  });
  const app = await createHttpApp(config, AppModule.forRoot(config, options.logStream));
  await app.init();
  await app.get(BootSeed).run();
  await app.getHttpAdapter().getInstance().ready();
  if (port) await app.listen({ port, host: '127.0.0.1' });
  const fastify = app.getHttpAdapter().getInstance();
  return {
    app,
    request: (options: InjectOptions) => fastify.inject(options),
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
    stop: () => app.close(),
  };
}
