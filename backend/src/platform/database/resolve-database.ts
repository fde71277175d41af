import { AppConfig } from '../config/app-config.js';
import { startEmbeddedPostgres, type RunningDatabase } from './embedded-postgres.js';
import { waitForDatabase } from './wait-for-database.js';

/**
 * DATABASE_URL when given; otherwise the embedded PostgreSQL under DATA_DIR, started here.
 * Shared by the server and the CLI commands so they always agree on where the data is.
 * `overrides` win over the environment (the CLI turns processors off with them).
 */
export async function resolveDatabase(overrides: Record<string, string> = {}): Promise<{ config: AppConfig; embedded?: RunningDatabase }> {
  const config = AppConfig.override(overrides);
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, config.database);
    return { config };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  // Defaults that follow "no DATABASE_URL" (webhooks to private addresses, for trying them on one
  // machine) stay as decided above, not as if the embedded database's URL had been given.
  const decided = { WEBHOOK_ALLOW_PRIVATE: String(config.webhooks.allowPrivate) };
  return { config: AppConfig.override({ ...decided, ...overrides, DATABASE_URL: embedded.url }), embedded };
}
