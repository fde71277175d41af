import { AppConfig } from '../config/app-config.js';
import { startEmbeddedPostgres, type RunningDatabase } from './embedded-postgres.js';

/**
 * DATABASE_URL when given; otherwise the embedded PostgreSQL under DATA_DIR, started here.
 * Shared by the server and the CLI commands so they always agree on where the data is.
 */
export async function resolveDatabase(config = new AppConfig()): Promise<{ config: AppConfig; embedded?: RunningDatabase }> {
  if (config.databaseUrl) return { config };
  const embedded = await startEmbeddedPostgres(config.dataDir);
  return { config: AppConfig.override({ DATABASE_URL: embedded.url }), embedded };
}
