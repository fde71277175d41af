import 'reflect-metadata';
import { resolveDatabase } from './platform/database/resolve-database.js';
import { createHttpApp } from './platform/http/configure-app.js';
import { BootSeed } from './merchants/boot-seed.js';

async function main(): Promise<void> {
  const { config, embedded: database } = await resolveDatabase();
  const app = await createHttpApp(config);
  // Close the app first (processors checkpoint, connections end), then the embedded server.
  process.once('beforeExit', () => void database?.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().finally(async () => {
        await database?.stop();
        process.exit(0);
      });
    });
  }
  await app.init();
  await app.get(BootSeed).run();
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info(`Tallyline listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
