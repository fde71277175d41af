import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import getPort from 'get-port';
import type * as hdr from 'hdr-histogram-js';
import type { ApiKey, Merchant, User } from '@tallyline/contracts';
import { newHistogram, report as writeReport } from './results.js';

export { newHistogram };

/** Prints the table and writes the JSON result: the earlier signature, for benchmarks written against it. */
export const report = (name: string, conditions: Record<string, unknown>, rows: Record<string, unknown>[]) => writeReport(name, { conditions, rows });

export interface Server {
  url: string;
  /** Its process, for CPU accounting (cpu-time.ts). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * A server in a process of its own (so the load generator never shares its event loop), answering
 * on a free port once `readyPath` answers 2xx.
 */
export async function startServer(script: string, env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await getPort({ host: '127.0.0.1' });
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers under load (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  // A benchmark that dies (an uncaught error) must not leave its server running, printing to the run's output.
  const killWithUs = () => child.kill('SIGKILL');
  process.once('exit', killWithUs);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve)).finally(() => process.off('exit', killWithUs));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} before answering`);
    const ok = await fetch(url + readyPath).then((res) => res.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(`${script} did not answer ${readyPath} within 180 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, pid: child.pid!, stop: () => stopChild(child, exited) }; // spawned and answering: it has a pid
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
}

/** The built app (`npm start` without the build), quiet: request logs off, no demo data, no staff account. */
export const startApp = (databaseUrl: string) =>
  startServer('backend/dist/main.js', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SEED_DEMO: 'false', STAFF_EMAIL: '', JWT_SECRET: 'bench-jwt-secret-not-for-production-use' }, '/api/health');

/** A JSON call to a server under test; anything but 2xx stops the benchmark. */
export async function call<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const BENCH_PASSWORD = 'bench-password-123';

/** A merchant set up as a customer does it, through the API: sign up, register the merchant, take a staging key. */
export async function signUpMerchant(url: string, email: string, companyName: string) {
  const { token, user } = await call<{ token: string; user: User }>(`${url}/api/auth/register`, 'POST', { email, password: BENCH_PASSWORD, firstName: 'Bench', lastName: 'Owner' });
  const merchant = await call<Merchant>(`${url}/api/merchants/register`, 'POST', { companyName, email, website: 'https://shop.bench.example', businessType: 'E-commerce' }, token);
  const { key } = await call<ApiKey>(`${url}/api/merchants/api-keys/staging/rotate`, 'POST', undefined, token);
  return { token, user, merchant, stagingKey: key };
}

export interface LoadOptions {
  url: string;
  /** Builds each request afresh (path, headers, body), so no two need be alike; `kind` names its row in the breakdown. */
  next: () => { kind?: string; path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
  connections: number;
  seconds: number;
  /**
   * Requests per second over all connections, one every 1/rate s (pacedLoad); unset: as fast as the
   * server answers (autocannon).
   */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  'max ms': number;
  errors: number;
  non2xx: number;
  /** Latencies in microseconds, to merge the rounds of one side. */
  histogram: hdr.Histogram;
  /** The same per request kind. */
  kinds: Map<string, hdr.Histogram>;
}

/**
 * One run: paced at `rate` (pacedLoad), or flat out through autocannon. Every answer's latency goes into
 * an HDR histogram (autocannon reports no p95).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if (options.rate) return pacedLoad({ ...options, rate: options.rate });
  const histogram = newHistogram();
  const kinds = new Map<string, hdr.Histogram>();
  // autocannon hands the request's context to onResponse and right after (synchronously, one request
  // in flight per connection) emits 'response' with the latency: the kind travels through `answered`.
  let answered: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        ...(options.rate ? { overallRate: options.rate } : {}),
        requests: [
          {
            setupRequest: (request, context: { kind?: string | undefined }) => {
              const { kind, ...next } = options.next();
              context.kind = kind;
              return { ...request, method: 'GET', ...next };
            },
            onResponse: (_status, _body, context: { kind?: string | undefined }) => (answered = context.kind),
          },
        ],
      },
      (error: Error | null, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      const micros = Math.max(1, Math.round(responseTime * 1000));
      histogram.recordValue(micros);
      if (answered === undefined) return;
      let kind = kinds.get(answered);
      if (!kind) kinds.set(answered, (kind = newHistogram()));
      kind.recordValue(micros);
    });
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return { ...summarize(histogram, seconds), errors: result.errors, non2xx: result.non2xx, kinds };
}

/** Rate and percentiles of one histogram over `seconds` (errors and non-2xx are the caller's to add). */
export function summarize(histogram: hdr.Histogram, seconds: number) {
  const ms = (p: number) => Math.round(histogram.getValueAtPercentile(p) / 10) / 100;
  return {
    requests: histogram.totalCount,
    seconds: Math.round(seconds * 10) / 10,
    'req/s': Math.round(histogram.totalCount / seconds),
    'p50 ms': ms(50),
    'p95 ms': ms(95),
    'p99 ms': ms(99),
    'max ms': Math.round(histogram.maxValue / 10) / 100,
    histogram,
  };
}

/**
 * A fixed rate as a rate means: one request every 1/rate s, on up to `connections` kept-alive
 * connections, each latency counted from the moment its request was due, so a request that waited for a
 * free connection counts its wait (no coordinated omission; wrk2 measures so). autocannon's
 * `overallRate` is not that: each connection sends its share of a second back to back when the second
 * starts and then idles, so "500 req/s" arrives as a burst of 500 requests, `connections` deep, every
 * second, and its latencies are those of the burst's queue.
 */
export async function pacedLoad(options: LoadOptions & { rate: number }): Promise<LoadResult> {
  const histogram = newHistogram();
  const kinds = new Map<string, hdr.Histogram>();
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (dueAt: number) => {
    const { kind, path, method = 'GET', headers = {}, body } = options.next();
    const sent = new Promise<void>((resolve) => {
      let settled = false;
      const answered = (ok: boolean) => {
        // A response that fails after its headers may report both an error and its end.
        if (settled) return;
        settled = true;
        if (!ok) errors++;
        else {
          const micros = Math.max(1, Math.round((performance.now() - dueAt) * 1000));
          histogram.recordValue(micros);
          if (kind !== undefined) {
            let ofKind = kinds.get(kind);
            if (!ofKind) kinds.set(kind, (ofKind = newHistogram()));
            ofKind.recordValue(micros);
          }
        }
        resolve();
      };
      const req = request(options.url + path, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) > 299) non2xx++;
        res.on('error', () => answered(false));
        res.on('end', () => answered(true));
        res.resume();
      });
      req.on('error', () => answered(false));
      req.end(body);
    });
    inFlight.add(sent);
    void sent.then(() => inFlight.delete(sent));
  };
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const start = performance.now();
  for (let i = 0; i < total; ) {
    // Every request due by now goes out now, at its own due time: a late timer delays none of them in the histogram.
    for (const now = performance.now(); i < total && start + i * interval <= now; i++) send(start + i * interval);
    if (i < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + i * interval - performance.now())));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { ...summarize(histogram, seconds), errors, non2xx, kinds };
}
