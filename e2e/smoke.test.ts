import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useAppAndBrowser } from './support/app.js';
import { watchErrors } from './support/browser.js';

describe('smoke: both web apps load', () => {
  const app = useAppAndBrowser();

  it('serves the dashboard app at / without console errors', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(app.server.url + '/');
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('serves the back-office at /admin without console errors', async () => {
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(app.server.url + '/admin');
    assert.equal(response?.status(), 200);
    // Signed out, the back-office shows its sign-in form (and asks the API nothing that could fail).
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('falls back to index.html for client-side routes', async () => {
    const res = await fetch(app.server.url + '/admin/applications');
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<div id="root">/);
    const api = await fetch(app.server.url + '/api/does-not-exist');
    assert.equal(api.status, 404);
    // /api alone is the dashboard's API documentation page, so a direct link or a reload works.
    const docsPage = await fetch(app.server.url + '/api');
    assert.equal(docsPage.status, 200);
    // Public pages come prerendered (dashboard-web/scripts/prerender.mjs): the page is in the HTML.
    assert.match(await docsPage.text(), /<div id="root" data-prerendered="\/api">.*Documentazione API/s);
    // Routes the build does not prerender get the empty shell, which the browser renders from scratch.
    const dashboard = await fetch(app.server.url + '/dashboard/transactions');
    assert.equal(dashboard.status, 200);
    assert.match(await dashboard.text(), /<div id="root"><\/div>/);
    // Prerendered pages as a browser asks for them, and no Node warning: through the 404 fallback each
    // once printed a possible listener leak.
    for (const path of ['/', '/pricing', '/merchant-application/form']) {
      const page = await fetch(app.server.url + path, { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      assert.match(await page.text(), new RegExp(`data-prerendered="${path}"`));
    }
    assert.deepEqual(app.server.warnings(), []);
  });

  it('sends the built files precompressed, hashed ones cached for a year and index.html revalidated', async () => {
    const html = await fetch(app.server.url + '/', { headers: { 'accept-encoding': 'br' } });
    assert.equal(html.headers.get('cache-control'), 'no-cache');
    const script = /src="(\/assets\/index-[\w-]{8}\.js)"/.exec(await html.text())?.[1];
    assert.ok(script, 'index.html names its hashed entry script');
    for (const encoding of ['br', 'gzip']) {
      const res: Response = await fetch(app.server.url + script, { headers: { 'accept-encoding': encoding } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-encoding'), encoding);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(res.headers.get('content-type') ?? '', /javascript/);
      assert.match(await res.text(), /\S/); // fetch decodes it: a real script, not an empty body
    }
    const admin = await fetch(app.server.url + '/admin/', { headers: { 'accept-encoding': 'br' } });
    const adminScript = /src="(\/admin\/assets\/index-[\w-]{8}\.js)"/.exec(await admin.text())?.[1];
    assert.ok(adminScript, 'the back-office names its hashed entry script');
    const adminAsset = await fetch(app.server.url + adminScript, { headers: { 'accept-encoding': 'br' } });
    assert.deepEqual([adminAsset.headers.get('content-encoding'), adminAsset.headers.get('cache-control')], ['br', 'public, max-age=31536000, immutable']);
  });
});
