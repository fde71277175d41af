import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '@tallyline/backend/app.module';
import type { AppConfig } from '@tallyline/backend/platform/config/app-config';
import { resolveDatabase } from '@tallyline/backend/platform/database/resolve-database';
import { QUICK } from './results.js';

/** Where the seeded benchmark database lives between runs (DATABASE_URL wins, as for the app); quick runs keep their own. */
export const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ?? (QUICK ? '.data/bench-quick' : '.data/bench');

export interface Bench {
  app: INestApplicationContext;
  config: AppConfig;
  close(): Promise<void>;
}

/** The app (no HTTP) on the benchmark database; processors only when asked for. */
export async function openBench(env: Record<string, string> = {}): Promise<Bench> {
  const { config, embedded } = await resolveDatabase({
    DATA_DIR: BENCH_DATA_DIR,
    RUN_PROCESSORS: 'false',
    SEED_DEMO: 'false',
    STAFF_EMAIL: '',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  return {
    app,
    config,
    async close() {
      await app.close();
      await embedded?.stop();
    },
  };
}

export const seconds = (since: number) => (performance.now() - since) / 1000;
