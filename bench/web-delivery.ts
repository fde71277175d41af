/**
 * What a first visit to each public route costs in headless Chromium on localhost: the JavaScript
 * downloaded (gzip size, raw size, and bytes on the wire as the server sent them), the Largest
 * Contentful Paint, and Lighthouse's mobile scores (performance, accessibility). Targets (issue 16): at
 * most 150 KiB of gzipped JavaScript per public route; Lighthouse performance ≥ 90 with accessibility 100
 * on the five main routes. Run `npm run build` first.
 *
 *   npm run bench:web-delivery [-- --quick] [-- --before <checkout>]
 *
 * --before names another checkout of this repository with its backend and dashboard-web built (for
 * instance a worktree of the commit before a change): it is measured the same way, in the same run.
 * --quick: a smoke test: one Lighthouse run, on `/` only (the full run: three on each of the five routes with a
 * Lighthouse target). The JavaScript is measured on every public route either way.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Request } from 'playwright-core';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { report, startServer } from './http-load.js';

/**
 * Every public route: the site, sign-up and sign-in, the application forms, and the pages a merchant's
 * customer opens (a payment link, a crypto payment). `{id}` is a payment the run creates (records()).
 */
const ROUTES = [
  '/', '/pricing', '/developers', '/merchant-application', '/login', '/products', '/api', '/status', '/community', '/guides',
  '/privacy', '/terms', '/cookies', '/security', '/compliance', '/aml-policy', '/register', '/merchant-register',
  '/merchant-application/form', '/merchant-application/success', '/crypto-payments', '/client-api-test',
  '/pay/{id}', '/crypto-payments/{id}', '/no-such-page',
];
/** The routes Lighthouse must score ≥ 90 (issue 16). */
const LIGHTHOUSE_ROUTES = new Set(['/', '/pricing', '/developers', '/merchant-application', '/login']);
const TARGET_GZIP_KIB = 150;
const TARGET_PERFORMANCE = 90;
/** In the page (a string, as bench/ compiles without the DOM's types): the last LCP candidate's time. */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(0), 3000);
})`;
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const { values: args } = parseArgs({ options: { quick: { type: 'boolean', default: false }, before: { type: 'string' } } });
const LIGHTHOUSE_RUNS = args.quick ? 1 : 3;

interface Delivery {
  scripts: number;
  gzip: number;
  raw: number;
  wire: number;
  lcp: number;
}

/** A merchant's card payment link and crypto payment, made through the API as an integrator would. */
async function records(baseUrl: string): Promise<{ payment: string; cryptoPayment: string }> {
  const post = async (path: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const email = 'bench-web-delivery@merchant.test';
  const { token } = (await post('/api/auth/register', { email, password: 'merchant-password-1', firstName: 'Ada', lastName: 'Lovelace' })) as { token: string };
  await post('/api/merchants/register', { companyName: 'Bench Mugs Ltd', email, website: null, businessType: 'Retail' }, token);
  const payment = await post('/api/client/payments', { amount: 2500, currency: 'GBP', customerEmail: 'ann@example.com', customerName: 'Ann Smith', orderId: 'bench-1', paymentMethod: 'credit_card' }, token);
  const crypto = await post('/api/crypto-payments/create', { amount: 1000, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'ann@example.com', environment: 'staging' }, token);
  return { payment: String(payment.id), cryptoPayment: String((crypto.payment as { id: string }).id) };
}

type ScriptSize = { wire: number; raw: number; gzip: number };

/** Every script the page downloads until the network is idle (5 s at most), from an empty cache (a new context). */
async function measureDelivery(browser: Browser, url: string): Promise<Delivery> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Settled, never rejected, until they are all awaited: a body read failing early would otherwise be an
  // unhandled rejection that kills the run and leaves its app running.
  const scripts: Promise<PromiseSettledResult<ScriptSize>>[] = [];
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    const size = async (): Promise<ScriptSize> => {
      const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
      // gzip -9, as scripts/precompress.mjs writes the .gz the server sends to a gzip-only browser.
      return { wire: (await request.sizes()).responseBodySize, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    };
    scripts.push(size().then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason })));
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'load' });
  // Pages that poll or stream (/status) never go quiet: what they load within 5 s of the load event counts.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  const lcp = Number(await page.evaluate(LCP_SCRIPT));
  // No script counted after this point, and every body read before the context closes: one finishing
  // during the close failed the run with "Target page, context or browser has been closed".
  page.off('requestfinished', onFinished);
  const settled = await Promise.all(scripts);
  await context.close();
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw new Error(`${url}: a script's size could not be read: ${String(failed.reason)}`);
  const sizes = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const kib = (key: keyof ScriptSize) => sizes.reduce((sum, size) => sum + size[key], 0) / 1024;
  return { scripts: sizes.length, gzip: kib('gzip'), raw: kib('raw'), wire: kib('wire'), lcp };
}

interface Score {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

/** Lighthouse's default config: the mobile preset (Moto G-class emulation, simulated slow 4G, 4× CPU). */
async function lighthouseRun(port: number, url: string, attempt = 1): Promise<Score> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // On a starved machine the trace is sometimes unusable (NO_FCP, a page that looks blank): measured again, once.
  if (result.lhr.runtimeError) {
    if (attempt === 1) return lighthouseRun(port, url, 2);
    console.warn(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { performance: NaN, accessibility: NaN, lcp: NaN, fcp: NaN, tbt: NaN, cls: NaN };
  }
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

/** The run with the median performance score (its metrics belong together), among the runs that measured. */
function median(scores: Score[]): Score | undefined {
  const measured = scores.filter((score) => !Number.isNaN(score.performance)).sort((a, b) => a.performance - b.performance);
  return measured[Math.floor(measured.length / 2)];
}

/** One side: an app started from `root` (its built backend serves its built dashboard-web) on a database of its own. */
async function measureSide(side: string, root: string, browser: Browser, chromePort: number) {
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-web-delivery-'));
  const database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const app = await startServer(join(root, 'backend/dist/main.js'), { DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false', STAFF_EMAIL: '', JWT_SECRET: 'bench-jwt-secret-not-for-production-use' }, '/api/health');
  try {
    const { payment, cryptoPayment } = await records(app.url);
    const rows = [];
    for (const route of ROUTES) {
      const path = route.replace('/pay/{id}', `/pay/${payment}`).replace('/crypto-payments/{id}', `/crypto-payments/${cryptoPayment}`);
      const delivery = await measureDelivery(browser, app.url + path);
      const scores: Score[] = [];
      if (args.quick ? route === '/' : LIGHTHOUSE_ROUTES.has(route)) {
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) scores.push(await lighthouseRun(chromePort, app.url + path));
      }
      const score = median(scores);
      const scored = LIGHTHOUSE_ROUTES.has(route) && score;
      rows.push({
        side,
        route,
        scripts: delivery.scripts,
        'JS KiB gzip': Math.round(delivery.gzip),
        'JS KiB raw': Math.round(delivery.raw),
        'JS KiB wire': Math.round(delivery.wire),
        'LCP ms': Math.round(delivery.lcp),
        'LH perf': score?.performance ?? null,
        'LH a11y': score?.accessibility ?? null,
        'LH LCP ms': score ? Math.round(score.lcp) : null,
        'LH FCP ms': score ? Math.round(score.fcp) : null,
        'LH TBT ms': score ? Math.round(score.tbt) : null,
        'LH CLS': score ? Number(score.cls.toFixed(3)) : null,
        'JS met': delivery.gzip <= TARGET_GZIP_KIB ? 'yes' : 'NO',
        'LH met': scored ? (score.performance >= TARGET_PERFORMANCE && score.accessibility === 100 ? 'yes' : 'NO') : '',
      });
    }
    return rows;
  } finally {
    await app.stop();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error("No Chromium found: install Debian's chromium or set CHROMIUM_PATH.");
  const sides: [string, string][] = [...(args.before ? [['before', resolve(args.before)] as [string, string]] : []), ['after', process.cwd()]];
  for (const [side, root] of sides) {
    if (!existsSync(join(root, 'backend/dist/main.js')) || !existsSync(join(root, 'dashboard-web/dist/index.html'))) throw new Error(`${side}: build ${root} first (backend and dashboard-web)`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  // Playwright's browser goes with this process; Lighthouse's Chromium would outlive an uncaught error.
  process.once('exit', () => chrome.kill());
  try {
    const rows = [];
    for (const [side, root] of sides) rows.push(...(await measureSide(side, root, browser, chrome.port)));
    await report(
      'web-delivery',
      {
        chromium: CHROMIUM,
        cache: 'empty (new context per route; Lighthouse clears storage per run)',
        network: 'localhost; Lighthouse simulates its mobile preset (slow 4G, 4x CPU slowdown)',
        lighthouseRuns: `${LIGHTHOUSE_RUNS} on each of ${args.quick ? '/' : [...LIGHTHOUSE_ROUTES].join(' ')}, median by performance score`,
        machine: `${cpus().length} cores, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')} at the end`,
        targets: `JS <= ${TARGET_GZIP_KIB} KiB gzip per route; Lighthouse performance >= ${TARGET_PERFORMANCE}, accessibility 100 on ${[...LIGHTHOUSE_ROUTES].join(' ')}`,
      },
      rows,
    );
  } finally {
    chrome.kill();
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
