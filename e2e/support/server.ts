import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningServer {
  url: string;
  /** Its DATA_DIR: the embedded database lives under it. */
  dataDir: string;
  /** The Node.js process warnings the server printed so far (a possible listener leak, a deprecation…). */
  warnings(): string[];
  stop(): Promise<void>;
}

export const STAFF = { email: 'staff@tallyline.test', password: 'staff-password-123' };

/** The built app exactly as `npm start` runs it, on a free port with its own embedded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tallyline-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, [join(repoRoot, 'backend/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    dataDir,
    warnings: () => output.split('\n').filter((line) => /^\(node:\d+\) \w*Warning/.test(line)),
    async stop() {
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not become healthy in 60 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
