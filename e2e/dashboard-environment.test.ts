import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, openSignedIn, useAppAndBrowser } from './support/app.js';
import { prepareVisitor } from './support/browser.js';

/** The environment switch in the dashboard, in one tab and in two tabs of one browser. */
describe('the merchant dashboard: production and staging', () => {
  const app = useAppAndBrowser();
  const merchant = { token: '', pending: '' };
  const api = <T>(path: string, body?: unknown, token = merchant.token) => callApi<T>(app.server.url, path, body, token);
  const open = (path: string, width = 1280) => openSignedIn(app, merchant.token, path, width);

  it('signs up a merchant with a pending payment in production', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await api<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Olive', lastName: 'Owner' }, '');
    merchant.token = token;
    await api('/api/merchants/register', { companyName: `Switch Shop ${randomUUID().slice(0, 4)}`, email, website: null, businessType: 'Retail' });
    const payment = { amount: 4000, currency: 'GBP', customerEmail: 'pat@example.com', customerName: 'Pat Pending', orderId: `order-${randomUUID().slice(0, 6)}`, paymentMethod: 'credit_card' };
    merchant.pending = (await api<{ id: string }>('/api/client/payments', payment)).id;
  });

  it('the environment switch changes the badge and survives a reload', async () => {
    const page = await open('/dashboard?tab=transactions');
    const badge = page.getByTestId('environment-badge');
    await page.getByTestId('transactions-table').getByText(merchant.pending).waitFor();
    assert.equal(await badge.getAttribute('data-environment'), 'production');
    await page.getByRole('button', { name: 'Switch to staging' }).click();
    await page.getByText('Environment updated').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="environment-badge"]')?.getAttribute('data-environment') === 'staging');
    // Staging has no payments yet: the list follows the environment.
    await page.getByText('No transactions found').waitFor();
    await page.reload();
    await page.getByText('No transactions found').waitFor();
    assert.equal(await page.getByTestId('environment-badge').getAttribute('data-environment'), 'staging');
    await page.close();
  });

  /** Sets the account's environment through the API, as another device would. */
  async function setEnvironment(environment: string) {
    const res = await fetch(`${app.server.url}/api/merchants/environment`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.token}` },
      body: JSON.stringify({ environment }),
    });
    assert.equal(res.status, 200);
  }

  /** Two tabs of one browser, signed in as the merchant (they share localStorage), both at `path`. */
  async function twoTabs(path: string): Promise<[Page, Page]> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await prepareVisitor(context, merchant.token);
    const tabs = [await context.newPage(), await context.newPage()] as const;
    for (const tab of tabs) await tab.goto(app.server.url + path);
    return [tabs[0], tabs[1]];
  }

  const badgeSays = (page: Page, environment: string) =>
    page.waitForFunction((env) => document.querySelector('[data-testid="environment-badge"]')?.getAttribute('data-environment') === env, environment, { timeout: 5000 });

  it('two tabs: a stale tab’s Switch to production switches to production, not back to staging', async () => {
    await setEnvironment('staging');
    const [tabA, tabB] = await twoTabs('/dashboard/transactions');
    await tabA.getByText('No transactions found').waitFor();
    await badgeSays(tabA, 'staging');
    await tabB.getByRole('button', { name: 'Switch to production' }).click();
    await badgeSays(tabB, 'production');
    // Tab A never saw that: it still offers the switch its label names.
    await tabA.getByRole('button', { name: 'Switch to production' }).click();
    await tabA.getByText('Environment updated').waitFor();
    await badgeSays(tabA, 'production');
    assert.equal((await api<{ environment: string }>('/api/merchants/current')).environment, 'production');
    await tabA.getByTestId('transactions-table').getByText(merchant.pending).waitFor();
    await tabA.context().close();
  });

  /**
   * Records, at every change of the page, what a person would see together: the badge's environment and
   * whether the transactions list is production's (it holds Pat Pending) or staging's (none yet). Read with
   * `mismatches`: the moments one environment's list showed under the other's badge.
   */
  async function watchBadgeAndList(page: Page) {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { badgeAndList: string[] }).badgeAndList = seen;
      const record = () => {
        const badge = document.querySelector('[data-testid="environment-badge"]')?.getAttribute('data-environment') ?? '-';
        const table = document.querySelector('main')?.textContent ?? '';
        const list = table.includes('Pat Pending') ? 'production' : table.includes('No transactions found') ? 'staging' : '-';
        const now = `${badge} / ${list}`;
        if (seen.at(-1) !== now) seen.push(now);
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  }
  const mismatches = async (page: Page) =>
    (await page.evaluate(() => (window as unknown as { badgeAndList: string[] }).badgeAndList)).filter((seen) => seen === 'staging / production' || seen === 'production / staging');

  it('two tabs: a stale tab’s lists and badge follow a switch made in the other, on a refetch and on focus', async () => {
    await setEnvironment('production');
    const [tabA, tabB] = await twoTabs('/dashboard/transactions');
    const tableA = tabA.getByTestId('transactions-table');
    await tableA.getByText(merchant.pending).waitFor();
    await watchBadgeAndList(tabA);
    await tabB.getByRole('button', { name: 'Switch to staging' }).click();
    await badgeSays(tabB, 'staging');
    // Tab A fetches its list again (a filter here; a refund does the same): staging's list, under staging's badge.
    await tabA.getByRole('combobox', { name: 'Status' }).click();
    await tabA.getByRole('option', { name: 'Pending' }).click();
    await tabA.getByText('No transactions found').waitFor();
    await badgeSays(tabA, 'staging');
    // Back to production in B; A looks again when it is shown (headless pages get no real focus change).
    await tabB.getByRole('button', { name: 'Switch to production' }).click();
    await badgeSays(tabB, 'production');
    await tabA.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await badgeSays(tabA, 'production');
    await tableA.getByText('Pat Pending').waitFor();
    // At no moment did tab A show one environment's list under the other's badge.
    assert.deepEqual(await mismatches(tabA), []);
    await tabA.context().close();
  });
});
