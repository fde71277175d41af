import 'reflect-metadata';
import { AppConfig } from './platform/config/app-config.js';
import { startEmbeddedPostgres, type RunningDatabase } from './platform/database/embedded-postgres.js';
import { createHttpApp } from './platform/http/configure-app.js';

async function main(): Promise<void> {
  let config = new AppConfig();
  let database: RunningDatabase | undefined;
  if (!config.databaseUrl) {
    database = await startEmbeddedPostgres(config.dataDir);
    config = AppConfig.override({ DATABASE_URL: database.url });
  }
  const app = await createHttpApp(config);
  // Nest closes the app on SIGTERM/SIGINT; the embedded server is stopped after it.
  process.once('beforeExit', () => void database?.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().finally(async () => {
        await database?.stop();
        process.exit(0);
      });
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info(`Tallyline listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
