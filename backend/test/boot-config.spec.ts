import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase } from './support/database.js';

const main = join(dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

/** Starts the built server with one bad setting: it must stop before starting any database. */
async function boot(setting: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tallyline-boot-'));
  try {
    return await new Promise((resolve) => {
      const child = execFile(process.execPath, [main], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...setting }, timeout: 30_000 }, (_error, stdout, stderr) =>
        resolve({ code: child.exitCode, stderr, stdout }),
      );
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the server started with a mistyped setting', () => {
  it.each([
    [{ PORT: 'notaport' }, 'PORT must be a port number from 0 to 65535; not notaport'],
    [{ PORT: '70000' }, 'PORT must be a port number from 0 to 65535; not 70000'],
    [{ DB_POOL_MAX: 'abc' }, 'DB_POOL_MAX must be a whole number ≥ 0, got "abc"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; not verbose'],
    [{ WAIT_FOR_PROJECTIONS: 'maybe' }, 'WAIT_FOR_PROJECTIONS must be true or false; not maybe'],
    [{ RUN_PROCESSORS: 'nope' }, 'RUN_PROCESSORS must be true or false; not nope'],
    [{ SEED_DEMO: 'no' }, 'SEED_DEMO must be true or false; not no'],
    [{ WEBHOOK_ALLOW_PRIVATE: '1' }, 'WEBHOOK_ALLOW_PRIVATE must be true or false; not 1'],
  ])('%j: says which setting and why in one line, no stack, and exits 1', async (setting, message) => {
    expect(await boot(setting)).toEqual({ code: 1, stderr: `${message}\n`, stdout: '' });
  });
});

describe('the server started with a DATABASE_URL it cannot use', () => {
  const adminUrl = () => new URL(process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://localhost/postgres');

  it('stops at once on a database that does not exist: one line naming it (never the password), exit 1', async () => {
    const url = adminUrl();
    url.pathname = '/no_such_database';
    const { code, stderr } = await boot({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(stderr).toBe(`Cannot use the database at ${url.hostname}:${url.port}/no_such_database: database "no_such_database" does not exist (3D000). Check DATABASE_URL (and that the server is running).\n`);
    if (url.password) expect(stderr).not.toContain(url.password);
  });

  it('stops with one line on a PostgreSQL without ICU, whose lists could not sort names', async () => {
    const database = await createTestDatabase();
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('DROP COLLATION "und-x-icu"');
      await client.end();
      const url = new URL(database.url);
      const { code, stderr } = await boot({ DATABASE_URL: database.url });
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr: `The database at ${url.hostname}:${url.port}${url.pathname} has no ICU collation "und-x-icu", which lists sort names with. Use a PostgreSQL built with ICU (the official packages and images are).\n`,
      });
    } finally {
      await database.drop();
    }
  });

  it('logs its wait in JSON lines off a terminal, as the app does, not in coloured text', async () => {
    const { stdout } = await boot({ DATABASE_URL: 'postgres://u:hunter2@127.0.0.1:1/x', DB_WAIT_AT_START_MS: '2500', LOG_LEVEL: 'info' });
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 40, context: 'Database', msg: expect.stringContaining('cannot be reached yet') });
  });

  it('waits DB_WAIT_AT_START_MS for a server that cannot be reached yet, then stops with one line', async () => {
    const { code, stderr } = await boot({ DATABASE_URL: 'postgres://u:hunter2@127.0.0.1:1/x', DB_WAIT_AT_START_MS: '0' });
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'Cannot use the database at 127.0.0.1:1/x: connect ECONNREFUSED 127.0.0.1:1. Check DATABASE_URL (and that the server is running).\n' });
  });
});

it('stops with one line when its port is taken, instead of a stack trace', async () => {
  const database = await createTestDatabase();
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = taken.address() as AddressInfo;
    const { code, stderr } = await boot({ DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', STAFF_EMAIL: '' });
    expect({ code, stderr }).toEqual({ code: 1, stderr: `Cannot listen on 127.0.0.1:${port}: another program is using that port; stop it, or set PORT to a free one.\n` });
  } finally {
    taken.close();
    await database.drop();
  }
});

