import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const backend = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const main = join(backend, 'dist/main.js');
const replayCli = join(backend, 'dist/cli/replay.js');

export const STAFF = { email: 'staff@reliability.test', password: 'staff-password-123' };

/** One environment for every process of a test, so a restarted or second instance is the same app. */
export function appEnvironment(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    JWT_SECRET: 'reliability-secret-that-is-long-enough-for-hs256',
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
    WEBHOOK_SECRETS_KEY: 'reliability-webhook-secrets-key',
    // The receiver listens on 127.0.0.1; with DATABASE_URL set private targets are refused by default.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // A delivery cut off by a crash comes back once its lease (timeout + grace) runs out: keep it short.
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_POLL_MS: '100',
    // A checkout cut off by a kill stays unsettled (it was never acknowledged): a reconciliation pass
    // appending its outcome between the read-model snapshot and the replay would make them differ.
    // payments-reconciliation.spec.ts covers that pass.
    GATEWAY_RECONCILE_AFTER_MS: '3600000',
    APPLICATION_RATE_LIMIT: '100000',
    SIGNUP_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '100000',
  };
  delete env.EVENTSTORE_URL;
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the app
  return env;
}

export interface AppProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  /** kill -9: no shutdown hook runs, connections are simply cut. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 20 s. */
  stop(): Promise<void>;
}

/** The built app (`node backend/dist/main.js`) as a child process, answering on a free port. */
export async function startApp(env: NodeJS.ProcessEnv, port?: number): Promise<AppProcess> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first`);
  const listen = port ?? (await getPort({ host: '127.0.0.1' }));
  const url = `http://127.0.0.1:${listen}`;
  const child = spawn(process.execPath, [main], { env: { ...env, PORT: String(listen), PUBLIC_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`${url}/api/health`).then((res) => res.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not answer /api/health within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `npm run replay` (with `args`) on the same database; its output. Without args it rebuilds every projection and swaps the tables in. */
export async function runReplay(env: NodeJS.ProcessEnv, args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [replayCli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`replay exited with ${code}:\n${output}`);
  return output;
}
