import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../app.module.js';
import { resolveDatabase } from '../platform/database/resolve-database.js';

/**
 * The application without HTTP and without running projections or reactors, for one-off commands.
 * Same configuration and database as `npm start`.
 */
export async function withAppContext<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const { config, embedded } = await resolveDatabase({
    RUN_PROCESSORS: 'false',
    WAIT_FOR_PROJECTIONS: 'false',
    SEED_DEMO: 'false',
    STAFF_EMAIL: '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  try {
    return await work(app);
  } finally {
    await app.close();
    await embedded?.stop();
  }
}
