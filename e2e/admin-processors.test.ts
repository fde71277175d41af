import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openStaffPage, signInAsStaff, signInOnForm } from './support/back-office.js';
import { assertNoSidewaysScroll, launchBrowser, watchErrors } from './support/browser.js';
import { appendEvent } from './support/database.js';
import { startServer, STAFF, type RunningServer } from './support/server.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '/tmp/admin-processors-shots';

describe('back-office: processor health and retry', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let names: string[];
  let poisonPosition: string;

  /** The row whose processor is exactly `name` (names share words: "users", "merchant-users"…). */
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  /** react-admin's app-bar spinner (unlabelled) is gone: every request of the page has answered. */
  const settled = (target: Page) => target.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
  async function shoot(target: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    await target.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    const { token } = await callApi<{ token: string }>(server.url, '/api/auth/login', STAFF);
    const health = await callApi<{ processors: { name: string }[] }>(server.url, '/api/health', undefined, token);
    names = health.processors.map((processor) => processor.name);
    assert.ok(names.includes('users'));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens from the menu and lists every processor as running', async () => {
    await page.goto(server.url + '/admin');
    await signInOnForm(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: 'Merchant onboarding at a glance' }).waitFor();
    await page.getByRole('menuitem', { name: 'Processors' }).click();
    await page.waitForURL(/\/admin\/processors$/);
    await page.getByRole('heading', { level: 1, name: 'Projections and reactors' }).waitFor();

    for (const column of ['Processor', 'State', 'Position', 'Events behind', 'Seconds behind', 'Last error', 'Dead letters']) {
      await page.getByRole('columnheader', { name: column }).waitFor();
    }
    for (const name of names) await row(name).getByText('Running', { exact: true }).waitFor();
    assert.equal(await page.getByRole('row').count(), names.length + 1, 'one row per processor, under the header');
    await page.getByText('OK', { exact: true }).waitFor();
    await page.getByText(`0 of ${names.length}`, { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^Retry/ }).count(), 0, 'nothing to retry while all run');
    await settled(page);
    assert.deepEqual(await seriousA11yViolations(page), []);
  });

  it('shows a projection stopped at a poison event, with its error, and retries it', async () => {
    // A UserRegistered without its fields: the users projection refuses it, nothing else minds (as in
    // backend/test/processors-health.spec.ts). Written straight to the store, as another process would.
    poisonPosition = await appendEvent(server, `user-${randomUUID()}`, { type: 'UserRegistered', data: { userId: randomUUID() } });

    // No reload: the page refreshes itself.
    const users = row('users');
    await users.getByText('Failed', { exact: true }).waitFor();
    await users.getByText('registeredAt is not a date: missing').waitFor();
    await users.getByText(`At event ${poisonPosition} (UserRegistered), after 4 attempts`).waitFor();
    await page.getByText('Degraded', { exact: true }).waitFor();
    await page.getByText(`1 of ${names.length}`, { exact: true }).waitFor();
    for (const name of names.filter((name) => name !== 'users')) await row(name).getByText('Running', { exact: true }).waitFor();
    await settled(page);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'processors-failed-1280');

    const retried = page.waitForResponse((response) => response.url().endsWith('/api/admin/processors/users/retry'));
    await users.getByRole('button', { name: 'Retry users' }).click();
    assert.equal((await retried).status(), 202);
    await page.getByRole('alert').filter({ hasText: 'Retry requested for users' }).waitFor();
    // The event is still there: retried from its checkpoint, the projection stops at it again.
    await users.getByText('Failed', { exact: true }).waitFor();
  });

  it('phone width: the page fits 390 px, the table scrolls inside its own frame', async () => {
    const { token, user } = await callApi<{ token: string; user: unknown }>(server.url, '/api/auth/login', STAFF);
    const phone = await openStaffPage({ server, browser }, { token, user }, '/admin/processors', { width: 390 });
    await phone.getByRole('row').filter({ has: phone.getByText('users', { exact: true }) }).getByText('Failed', { exact: true }).waitFor();
    await phone.getByRole('button', { name: 'Retry users' }).waitFor();
    await settled(phone);
    await assertNoSidewaysScroll(phone, 'the processors page');
    assert.deepEqual(await seriousA11yViolations(phone), []);
    await shoot(phone, 'processors-failed-390');
    await phone.close();
  });

  it('says when the report cannot be read, and reads it again on request', async () => {
    const { token, user } = await callApi<{ token: string; user: unknown }>(server.url, '/api/auth/login', STAFF);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsStaff(other, { token, user });
    // As when the database cannot be reached.
    await other.route('**/api/health', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', error: 'connection refused' }) }),
    );
    await other.goto(server.url + '/admin/processors');
    await other.getByRole('alert').filter({ hasText: 'Could not load this data' }).waitFor();
    await other.unroute('**/api/health');
    await other.getByRole('button', { name: 'Try again' }).click();
    await other.getByRole('row').filter({ has: other.getByText('users', { exact: true }) }).waitFor();
    await other.getByRole('alert').filter({ hasText: 'Could not load this data' }).waitFor({ state: 'detached' });
    await other.close();
  });

  it('logged no console errors', () => {
    assert.deepEqual(errors, []);
  });
});
