import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import getPort from 'get-port';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { eventually } from './support/onboarding.js';

const main = join(dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
// eslint-disable-next-line no-control-regex -- the colours pino-pretty writes to a terminal
const ANSI = /\u001b\[[0-9;]*m/g;

/** The built app run from a terminal (util-linux `script` gives it a pseudo-terminal), as a developer runs `npm start`. */
describe('logs on a terminal', () => {
  let database: TestDatabase;
  let output = '';
  let exited: Promise<unknown>;
  let stop: () => void;
  let port: number;

  beforeAll(async () => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first`);
    database = await createTestDatabase();
    port = await getPort({ host: '127.0.0.1' });
    const env = { ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' };
    const child = spawn('script', ['-qfec', `"${process.execPath}" "${main}"`, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    exited = new Promise((resolve) => child.once('exit', resolve));
    stop = () => child.kill('SIGTERM');
    for (let i = 0; !(await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false)); i++) {
      if (i > 600) throw new Error(`the app did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);
  afterAll(async () => {
    stop();
    await exited;
    await database.drop();
  });

  it('are human-readable lines with the time and the request id, not JSON', async () => {
    await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-request-id': 'pretty-logs-check-1' } });
    const lines = () => output.replace(ANSI, '').split(/\r?\n/).filter(Boolean);
    expect(await eventually(async () => lines().some((line) => line.includes('pretty-logs-check-1')))).toBe(true);
    const requestLine = lines().find((line) => line.includes('pretty-logs-check-1'))!;
    expect(requestLine).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: /);
    expect(lines().filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
  });
});
