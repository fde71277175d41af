/**
 * What a first visit to each public route costs in headless Chromium on localhost: the JavaScript
 * downloaded (bytes on the wire, as compressed, and decoded) and the Largest Contentful Paint. The
 * target (issue 16) is at most 150 KiB of compressed JavaScript per public route. Run `npm run build` first.
 *
 *   npm run bench:web-delivery
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startEmbeddedPostgres } from '@tallyline/backend/platform/database/embedded-postgres';
import { startApp } from './http-load.js';
import { QUICK, report } from './results.js';

const ALL_ROUTES = ['/', '/pricing', '/developers', '/merchant-application', '/login', '/products', '/api'];
const ROUTES = QUICK ? ALL_ROUTES.slice(0, 2) : ALL_ROUTES;
const TARGET_KIB = 150;
/** In the page (a string, as bench/ compiles without the DOM's types): the last LCP candidate's time. */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(0), 3000);
})`;
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('No Chromium found: install Debian\'s chromium or set CHROMIUM_PATH.');
  const dir = await mkdtemp(join(tmpdir(), 'tallyline-web-delivery-'));
  const database = await startEmbeddedPostgres(dir, { database: 'bench' });
  const app = await startApp(database.url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const rows = [];
    for (const route of ROUTES) {
      // A new context each time: an empty cache, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ wire: number; decoded: number }>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        scripts.push(
          (async () => {
            const body = await (await request.response())?.body();
            return { wire: (await request.sizes()).responseBodySize, decoded: body?.length ?? 0 };
          })(),
        );
      });
      await page.goto(app.url + route, { waitUntil: 'networkidle' });
      const lcp = Number(await page.evaluate(LCP_SCRIPT));
      const sizes = await Promise.all(scripts);
      const wire = sizes.reduce((sum, s) => sum + s.wire, 0) / 1024;
      const decoded = sizes.reduce((sum, s) => sum + s.decoded, 0) / 1024;
      rows.push({ route, scripts: scripts.length, 'JS KiB (wire)': Math.round(wire), 'JS KiB (decoded)': Math.round(decoded), 'LCP ms': Math.round(lcp), target: `<= ${TARGET_KIB} KiB`, met: wire <= TARGET_KIB ? 'yes' : 'NO' });
      await context.close();
    }
    await report('web-delivery', { conditions: { chromium: CHROMIUM, cache: 'empty (new context per route)', network: 'localhost, no throttling' }, rows });
  } finally {
    await browser.close();
    await app.stop();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
