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
    assert.match(await docsPage.text(), /<div id="root">/);
  });
});
