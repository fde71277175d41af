import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { AppModule } from './app.module.js';
import { AppConfig, ConfigError } from './platform/config/app-config.js';
import { resolveDatabase } from './platform/database/resolve-database.js';
import { createHttpApp } from './platform/http/configure-app.js';
import { lifecycle, StartRefused } from './platform/lifecycle.js';
import { useBootLogger } from './platform/logging/logging.js';
import { BootSeed } from './seed/index.js';

async function main(): Promise<void> {
  useBootLogger(new AppConfig().logLevel);
  const { config, embedded: database } = await resolveDatabase();
  const app = await createHttpApp(config, AppModule.forRoot(config));
  const logger = new Logger('Main');
  let stopping: Promise<void> | undefined;
  // SIGTERM/SIGINT: stop taking requests and let those in flight finish (Fastify's close), then let
  // each processor finish its batch (the runner's shutdown hook), close the pools, and only then
  // stop the embedded PostgreSQL, so nobody loses a connection under their feet. A client that never
  // finishes its request would hold that up forever: after SHUTDOWN_TIMEOUT_MS its connection is cut.
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      lifecycle.stopping = true;
      logger.log(`${signal} received: shutting down`);
      setTimeout(() => cutConnections(app.getHttpServer(), config.shutdownTimeoutMs, logger), config.shutdownTimeoutMs).unref();
      try {
        await app.close();
        await database?.stop();
        logger.log('Stopped');
        process.exit(0);
      } catch (error) {
        logger.error(`Shutdown failed: ${(error as Error).message}`, (error as Error).stack);
        process.exit(1);
      }
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
  await app.init();
  const { mode, url, privateKey } = config.gateway;
  if (mode !== 'sandbox' && !(url && privateKey)) {
    logger.warn(`GATEWAY_MODE is "${mode}" (not sandbox) and GATEWAY_URL or GATEWAY_PRIVATE_KEY is not set: production payments answer 503 Payment gateway not configured; staging uses the sandbox`);
  }
  await app.get(BootSeed).run();
  await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    const code = (error as { code?: unknown }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    await app.close();
    await database?.stop();
    const fix = code === 'EADDRINUSE' ? 'another program is using that port; stop it, or set PORT to a free one' : 'this user may not open that port; set PORT to one above 1023';
    throw new ConfigError(`Cannot listen on ${config.host}:${config.port}: ${fix}.`);
  });
  logger.log(`Tallyline listening on http://localhost:${config.port}`);
  // In the background: the app serves while the demo merchant's sample payments go through the sandbox.
  app
    .get(BootSeed)
    .seedDemoPayments()
    .catch((error: unknown) => {
      // A shutdown refuses the sandbox's calls and the commands' database: the next start makes the rest.
      if (lifecycle.stopping) logger.log(`Demo payments stopped by the shutdown (${(error as Error).message}); the next start makes the rest`);
      else logger.error(`Demo payments not seeded: ${(error as Error).message}`, (error as Error).stack);
    });
}

function cutConnections(server: Server, afterMs: number, logger: Logger): void {
  server.getConnections((_error, count) => {
    logger.warn(`Still shutting down after ${afterMs} ms: closing ${count} connection${count === 1 ? '' : 's'} left open`);
    server.closeAllConnections();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
