import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import getPort from 'get-port';

const main = join(dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

interface Run {
  child: ChildProcess;
  port: number;
  lines: { level: number; msg: string }[];
  exited: Promise<number | null>;
}

/** The built app, as `npm start` runs it: embedded PostgreSQL under `dataDir`, JSON logs on stdout. */
async function start(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  const port = await getPort({ host: '127.0.0.1' });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...extraEnv };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Run['lines'] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const line of complete.filter(Boolean)) lines.push(line.startsWith('{') ? (JSON.parse(line) as Run['lines'][number]) : { level: 50, msg: line });
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null || i > 600) throw new Error(`the app did not start:\n${lines.map((l) => l.msg).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, lines, exited };
}

/** postmaster.pid: line 1 the pid, line 4 the port. */
const postmaster = (dataDir: string) => readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n');
const postmasterPid = (dataDir: string) => Number(postmaster(dataDir)[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

describe('the built app: shutdown and restart after a crash', () => {
  let dataDir: string;
  beforeAll(async () => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first`);
    dataDir = await mkdtemp(join(tmpdir(), 'tallyline-shutdown-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight, stops PostgreSQL, exits 0 and logs nothing alarming', async () => {
    const run = await start(dataDir);
    const postgres = postmasterPid(dataDir);
    // A request whose body is still arriving when SIGTERM comes: certainly in flight.
    const body = JSON.stringify({ email: 'in-flight@example.test', password: 'correct-horse-battery', firstName: 'Ada', lastName: 'Lovelace' });
    const request = httpRequest({ host: '127.0.0.1', port: run.port, path: '/api/auth/register', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const inFlight = new Promise<{ status: number }>((resolve, reject) => {
      request.once('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      });
      request.once('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    request.end(body.slice(10));
    expect((await inFlight).status).toBe(201);
    expect(await run.exited).toBe(0);
    expect(run.lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['SIGTERM received: shutting down', 'Stopped']));
    expect(run.lines.filter((l) => l.level >= 40)).toEqual([]);
    expect(alive(postgres)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 120_000);

  it('on SIGTERM cuts off a request that never finishes once SHUTDOWN_TIMEOUT_MS is up, then stops as usual', async () => {
    const run = await start(dataDir, { SHUTDOWN_TIMEOUT_MS: '1000' });
    const postgres = postmasterPid(dataDir);
    // A client that sends half a body and then nothing: without a deadline the app would wait for it forever.
    const request = httpRequest({ host: '127.0.0.1', port: run.port, path: '/api/auth/register', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '200' } });
    const cutOff = new Promise<string>((resolve) => {
      request.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.once('response', (res) => resolve(`answered ${res.statusCode}`));
    });
    request.write('{"email":');
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(await cutOff).toBe('ECONNRESET');
    const messages = run.lines.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['SIGTERM received: shutting down', 'Still shutting down after 1000 ms: closing 1 connection left open', 'Stopped']));
    expect(alive(postgres)).toBe(false);
  }, 120_000);

  it('after kill -9, the next start stops the PostgreSQL left behind and runs on the same data and port', async () => {
    const crashed = await start(dataDir);
    const orphan = postmasterPid(dataDir);
    const databasePort = postmaster(dataDir)[3];
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(alive(orphan)).toBe(true); // the server outlived its app

    const restarted = await start(dataDir);
    expect(restarted.lines.some((l) => l.msg.includes(`Stopping PostgreSQL (pid ${orphan}) left running`))).toBe(true);
    expect(alive(orphan)).toBe(false);
    // Whoever connected by URL (another instance, psql) finds the database where it was.
    expect(postmaster(dataDir)[3]).toBe(databasePort);
    const login = await fetch(`http://127.0.0.1:${restarted.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'in-flight@example.test', password: 'correct-horse-battery' }),
    });
    expect(login.status).toBe(200); // the data written before the crash is there
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 120_000);

  it('when its PostgreSQL is killed, starts it again: sign-in works again, and SIGTERM still stops at once', async () => {
    const run = await start(dataDir);
    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    // Polled on the health check, not on sign-in: failed sign-ins count against its rate limit.
    const database = () =>
      fetch(`http://127.0.0.1:${run.port}/api/health/database`).then(
        (res) => res.status,
        () => 0, // the connection was cut as the database went: asked again below
      );
    // First until the app has seen it go and started it again: right after the kill, a backend still
    // alive for a moment answered the health check, and the sign-in then found no database (a 503 in CI).
    for (let i = 0; i < 300 && !run.lines.some((l) => l.msg.startsWith('PostgreSQL is running again')); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    let status = await database();
    for (let i = 0; i < 300 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await database();
    }
    // The app's last lines are shown should it have died with its database (an unheard pg client 'error').
    const lastLines = status === 200 ? [] : run.lines.slice(-20).map((l) => l.msg);
    expect({ status, exitCode: run.child.exitCode, lastLines }).toEqual({ status: 200, exitCode: null, lastLines: [] });
    const login = await fetch(`http://127.0.0.1:${run.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'in-flight@example.test', password: 'correct-horse-battery' }),
    });
    // Should it fail again: the answer and the app's last warnings say why.
    const signedIn = login.status === 200 ? {} : { body: await login.text(), warnings: run.lines.filter((l) => l.level >= 40).slice(-15).map((l) => l.msg) };
    expect({ status: login.status, ...signedIn }).toEqual({ status: 200 });
    expect(postmasterPid(dataDir)).not.toBe(killed);
    expect(run.lines.some((l) => l.msg.includes('PostgreSQL stopped unexpectedly (SIGKILL); starting it again'))).toBe(true);
    // The stop is of the new server: it does not wait for the exit of the killed one, which came long ago.
    run.child.kill('SIGTERM');
    // A failed stop shows its last lines: one CI run saw exit code 1 here, without them.
    const exitCode = await run.exited;
    expect({ exitCode, lastLines: exitCode === 0 ? [] : run.lines.slice(-20).map((l) => l.msg) }).toEqual({ exitCode: 0, lastLines: [] });
    expect(run.lines.some((l) => l.msg === 'Stopped')).toBe(true);
    expect(existsSync(join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  }, 120_000);
});
