import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, openSignedIn, useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, watchErrors } from './support/browser.js';
import { walkPagerByKeyboard } from './support/pager.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.DASHBOARD_SHOTS_DIR ?? '/tmp/dashboard-shots';
const APPROVE_CARD = '4111111111111111';
/** Approved, then disputed by the bank half a second later (README, the sandbox's cards). */
const DISPUTE_CARD = '4000000000000259';

/** The revenue line and the volume bars are drawn: a wide line path and at least one bar with height. */
async function drawn(page: Page) {
  await page.waitForFunction(() => {
    const size = (el: Element) => el.getBoundingClientRect();
    const line = Array.from(document.querySelectorAll('[data-testid="revenue-chart"] svg path')).some((path) => size(path).width > 100);
    const bars = Array.from(document.querySelectorAll('[data-testid="volume-chart"] svg rect')).some((rect) => size(rect).height > 10 && size(rect).width < 100);
    return line && bars;
  });
}

describe('the merchant dashboard against the real app', () => {
  const app = useAppAndBrowser();
  const merchant = { token: '', company: `Acme Widgets ${randomUUID().slice(0, 4)}`, paid: [] as string[], pending: '' };

  const api = <T>(path: string, body?: unknown, token = merchant.token) => callApi<T>(app.server.url, path, body, token);

  /** A payment in the owner's (by default the merchant's) current environment, paid with `card` unless `pending`. */
  async function payment(amount: number, extra: Record<string, unknown>, { pending = false, owner = merchant.token, card = APPROVE_CARD } = {}): Promise<string> {
    const { id } = await api<{ id: string }>('/api/client/payments', {
      amount,
      currency: 'GBP',
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      orderId: `order-${randomUUID().slice(0, 6)}`,
      paymentMethod: 'credit_card',
      ...extra,
    }, owner);
    if (pending) return id;
    const { token } = await api<{ token: string }>('/api/sandbox-gateway/tokens', { cardNumber: card, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }, '');
    const paid = await api<{ status: string }>(`/api/checkout/${id}/pay`, { token }, '');
    assert.equal(paid.status, 'completed');
    return id;
  }

  const open = (path: string, width = 1280) => openSignedIn(app, merchant.token, path, width);

  async function shoot(page: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  it('signs up a merchant and takes payments through the API', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await api<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Olive', lastName: 'Owner' }, '');
    merchant.token = token;
    await api('/api/merchants/register', { companyName: merchant.company, email, website: null, businessType: 'Retail' });
    merchant.paid.push(await payment(2500, { customerCountry: 'GB', description: 'Blue mug' }));
    merchant.paid.push(await payment(150_000, { customerCountry: 'DE', paymentMethod: 'bank_transfer', customerName: 'Bert Brauer', customerEmail: 'bert@example.de' }));
    merchant.pending = await payment(4000, { customerName: 'Pat Pending', customerEmail: 'pat@example.com' }, { pending: true });
  });

  it('overview: the stat cards and recent transactions show the payments', async () => {
    const page = await open('/dashboard/overview');
    const errors = watchErrors(page);
    await page.getByRole('heading', { name: /Dashboard/ }).waitFor();
    const cards = page.getByTestId('stat-card');
    await cards.first().getByText('£1,525.00').waitFor();
    assert.match((await cards.nth(1).textContent()) ?? '', /Transactions2/);
    await page.getByText('— no data for last month').first().waitFor();
    const recent = page.getByTestId('recent-transactions');
    for (const id of [...merchant.paid, merchant.pending]) await recent.getByText(id).waitFor();
    const sidebar = page.getByTestId('sidebar-merchant');
    assert.match((await sidebar.textContent()) ?? '', new RegExp(`^AW${merchant.company}owner-`));
    await shoot(page, 'overview-1280');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the top bar search opens the transactions tab with q in the URL and narrows the table', async () => {
    const page = await open('/dashboard/overview');
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('bert');
    await page.getByRole('searchbox', { name: 'Search transactions' }).press('Enter');
    await page.waitForURL(/\/dashboard\/transactions\?q=bert$/);
    const table = page.getByTestId('transactions-table');
    await table.getByText('bert@example.de').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 1);
    await page.close();
  });

  it('the top bar search filters as one types (no Enter), shows the search and clears it, at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const page = await open('/dashboard/overview', width);
      const errors = watchErrors(page);
      const box = page.getByRole('searchbox', { name: 'Search transactions' });
      await box.pressSequentially('bert', { delay: 50 });
      await page.waitForURL(/\/dashboard\/transactions\?q=bert$/);
      // At 375 px the rows are cards and the table is hidden: wait for whichever shows.
      const bert = page.getByText('bert@example.de').locator('visible=true').first();
      await bert.waitFor();
      assert.equal(await page.getByTestId('transactions-table').locator('tbody tr').count(), 1);
      await page.getByText('Matching “bert”').waitFor();
      await shoot(page, `search-${width}`);
      await page.getByRole('button', { name: 'Clear transactions search' }).click();
      await page.waitForURL(/\/dashboard\/transactions$/);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="transactions-table"] tbody tr').length === 3);
      await box.pressSequentially('nobody');
      await page.getByText('No transactions found').waitFor();
      // Typing replaced the cleared list's entry: back is the previous search, box and list alike.
      await page.goBack();
      await page.waitForURL(/\/dashboard\/transactions\?q=bert$/);
      await bert.waitFor();
      assert.equal(await box.inputValue(), 'bert');
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('transactions: a filter narrows the table and stays in the URL across a reload', async () => {
    const page = await open('/dashboard/transactions');
    const table = page.getByTestId('transactions-table');
    await table.getByText(merchant.pending).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 3);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.waitForURL(/status=pending/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="transactions-table"] tbody tr').length === 1);
    await table.getByText('Pat Pending').waitFor();
    await page.reload();
    await table.getByText('Pat Pending').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 1);
    // The yellow Pending badge and the orange Staging one read at WCAG contrast (white on orange was 3.1:1).
    assert.deepEqual(await seriousA11yViolations(page), []);

    await page.goto(`${app.server.url}/dashboard/transactions?amount=1000%2B`);
    await table.getByText('Bert Brauer').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 1);
    await page.close();
  });

  it('transactions: the view button opens the payment, Export downloads the CSV of the current filters', async () => {
    const page = await open('/dashboard/transactions?method=bank_transfer');
    const table = page.getByTestId('transactions-table');
    await table.getByText('Bert Brauer').waitFor();
    await table.getByRole('button', { name: `View transaction ${merchant.paid[1]}` }).click();
    const details = page.getByRole('dialog', { name: 'Transaction details' });
    await details.getByText('£1,500.00').first().waitFor();
    await details.getByText('Bank Transfer').waitFor();
    assert.match(page.url(), new RegExp(`view=${merchant.paid[1]}`));
    await page.getByRole('button', { name: 'Close details' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    assert.match(download.suggestedFilename(), /^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.ok(csv.includes(merchant.paid[1] ?? '-'), csv);
    assert.ok(!csv.includes(merchant.paid[0] ?? '-'), 'the card payment is filtered out');
    await page.close();
  });

  it('offline, it says what failed instead of going blank: the Export error, then a tab it cannot download, until Reload', async () => {
    const page = await open('/dashboard/transactions');
    await page.getByTestId('transactions-table').getByText('Bert Brauer').waitFor();
    // The toast's and the Analytics tab's code are downloaded when first needed: now they cannot be.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('alert').filter({ hasText: 'Export failed' }).waitFor();
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    // The rest of the dashboard is still there.
    await page.getByRole('link', { name: 'Transactions' }).first().waitFor();
    await shoot(page, 'offline-1280');
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Reload' }).click();
    await drawn(page);
    await page.close();
  });

  it('transactions: Refund is offered for completed payments only, asks first, refunds part, then the rest', async () => {
    const page = await open('/dashboard/transactions');
    const refundKeys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/refund')) refundKeys.push(request.headers()['idempotency-key']);
    });
    const table = page.getByTestId('transactions-table');
    await table.getByText(merchant.pending).waitFor();
    assert.equal(await table.getByRole('button', { name: `Refund transaction ${merchant.pending}` }).count(), 0);
    await shoot(page, 'transactions-1280');
    const row = table.locator('tbody tr', { hasText: merchant.paid[0] ?? '-' });
    await table.getByRole('button', { name: `Refund transaction ${merchant.paid[0]}` }).click();
    await page.getByText('£25.00 will be refunded in full to Ann Smith. This cannot be undone.').waitFor();
    await page.getByRole('textbox', { name: 'Amount to refund (GBP)' }).fill('10');
    await page.getByText('£10.00 of £25.00 will be refunded to Ann Smith. This cannot be undone.').waitFor();
    await shoot(page, 'refund-partial');
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText('Refund processed').waitFor();
    await page.getByText('The refund has been successfully processed.').waitFor();
    // Details opened while the toast shows: the toast leaves the drawer (it opens from the right) uncovered.
    await page.getByRole('button', { name: `View transaction ${merchant.paid[0]}` }).click();
    const [toastBox, drawerBox] = await Promise.all([page.getByTestId('toast').boundingBox(), page.getByRole('dialog', { name: 'Transaction details' }).boundingBox()]);
    assert.ok(toastBox && drawerBox && toastBox.x + toastBox.width <= drawerBox.x, 'the toast covers the transaction details');
    await page.getByRole('button', { name: 'Close details' }).click();
    // Still completed, with the part refunded shown; the rest is what the dialog offers next.
    await row.getByText('£10.00 refunded').waitFor();
    await row.getByRole('button', { name: `Refund transaction ${merchant.paid[0]}` }).click();
    await page.getByText('£15.00, what is left of £25.00 after £10.00 refunded before, will be refunded to Ann Smith. This cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Confirm refund' }).click();
    await table.getByRole('button', { name: `Refund transaction ${merchant.paid[0]}` }).waitFor({ state: 'detached' });
    await row.getByText('Refunded', { exact: true }).waitFor();
    // Two confirmations, two refunds: each sent with a key of its own.
    assert.equal(refundKeys.length, 2);
    assert.match(refundKeys[0] ?? '', /^[0-9a-f]{32}$/);
    assert.notEqual(refundKeys[1], refundKeys[0]);
    await page.close();
  });

  it('transactions: at laptop and tablet widths every column, Refund included, shows without scrolling the table sideways', async () => {
    for (const width of [1280, 1200, 1000, 800]) {
      const page = await open('/dashboard/transactions', width);
      // The bank transfer stays completed (the refund test refunds the first payment); hidden layouts have no buttons.
      const refundButton = page.getByRole('button', { name: `Refund transaction ${merchant.paid[1]}` });
      await refundButton.waitFor();
      // Both layouts are in the page; the one shown is the table (laptops) or the cards (narrower).
      const hidden = await page.locator('[data-testid^="transactions-table"]').evaluateAll((views) =>
        views.filter((view) => getComputedStyle(view).display !== 'none').map((view) => view.scrollWidth - view.clientWidth),
      );
      assert.deepEqual(hidden, [0], `at ${width} px the transactions scroll sideways by ${hidden.join(', ')} px`);
      const refund = await refundButton.boundingBox();
      assert.ok(refund && refund.x + refund.width <= width, `at ${width} px Refund is off screen`);
      await page.close();
    }
  });

  it('analytics: the charts draw the series, method and country shares to one decimal', async () => {
    const page = await open('/dashboard/analytics?days=7');
    const errors = watchErrors(page);
    await drawn(page);
    const methods = (await page.getByTestId('method-shares').textContent()) ?? '';
    assert.match(methods, /Credit Card66\.7%/);
    assert.match(methods, /Bank Transfer33\.3%/);
    const countries = (await page.getByTestId('country-shares').textContent()) ?? '';
    for (const part of [/United Kingdom33\.3%/, /Germany33\.3%/, /Unknown33\.3%/]) assert.match(countries, part);
    // Days as people write them (today's among them), not ISO fragments such as 11-04.
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const ticks = await page.getByTestId('volume-chart').locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').allTextContents();
    assert.equal(ticks.length, 7);
    assert.equal(ticks.at(-1), today);
    for (const tick of ticks) assert.match(tick, /^[A-Z][a-z]{2} \d{1,2}$/);
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await page.waitForURL(/days=90/);
    await shoot(page, 'analytics-1280');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('phone width: the sidebar is a drawer and every tab fits 375 px', async () => {
    for (const tab of ['overview', 'transactions', 'analytics', 'payments', 'settings']) {
      const page = await open(`/dashboard/${tab}`, 375);
      await page.getByRole('heading', { name: /Dashboard/ }).waitFor();
      if (tab === 'analytics') await drawn(page);
      else if (tab === 'overview' || tab === 'transactions') await page.getByText('Ann Smith').or(page.getByText(merchant.paid[0] ?? '-')).first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(page, tab);
      await shoot(page, `${tab}-375`);
      if (tab === 'overview') {
        // One menu button on the screen: the site header's gives way to the dashboard's.
        assert.deepEqual(await page.getByRole('button', { name: /menu/i }).evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.getAttribute('aria-label'))), ['Open dashboard menu']);
        await page.getByRole('button', { name: 'Open dashboard menu' }).click();
        await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing' }).waitFor();
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Analytics' }).click();
        await page.waitForURL(/\/dashboard\/analytics$/);
      }
      await page.close();
    }
  });

  it('transactions: after a full refund made by keyboard, focus is on the row’s View button, at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      // Last in the file: payments more would change the analytics shares asserted above.
      const id = await payment(1200, { customerName: 'Kay Board' });
      const page = await open('/dashboard/transactions', width);
      // The table (1280) or the cards (375): the layout shown.
      const refund = page.getByRole('button', { name: `Refund transaction ${id}` }).locator('visible=true');
      await refund.focus();
      await page.keyboard.press('Enter');
      // Enter in the empty amount field confirms a refund of everything left.
      await page.getByRole('textbox', { name: 'Amount to refund (GBP)' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText('Refund processed').waitFor();
      await refund.waitFor({ state: 'detached' });
      // The Refund button that had focus is gone; focus was left on <body>, so the next Tab started over at the skip link.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
      await page.waitForFunction(() => document.activeElement !== document.body && !document.activeElement?.closest('[role="dialog"]'), undefined, { timeout: 2000 }).catch(() => undefined);
      const view = page.getByRole('button', { name: `View transaction ${id}` }).locator('visible=true');
      assert.ok(await view.evaluate((button) => button === document.activeElement), `at ${width} px focus is on ${await focused()}`);
      await page.close();
    }
  });

  it('transactions: Next and Previous pressed by keyboard keep focus on a button as pages load and at the first and last page', async () => {
    // Last in the file, like the refunds above: 40 pending payments more make three pages of 20.
    for (let i = 0; i < 40; i++) await payment(100 + i, {}, { pending: true });
    const page = await open('/dashboard/transactions');
    await page.getByTestId('transactions-table').locator('tbody tr').nth(19).waitFor();
    await walkPagerByKeyboard(page, 'body', () => page.waitForLoadState('networkidle'));
    await page.close();
  });

  it('notifications: the top bar tells of a disputed payment and opens it', async () => {
    // A merchant of its own: a dispute would change the figures the tests above assert.
    const email = `disputed-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await api<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Dee', lastName: 'Spute' }, '');
    await api('/api/merchants/register', { companyName: 'Dispute Co', email, website: null, businessType: 'Retail' }, token);
    const page = await openSignedIn(app, token, '/dashboard/overview');
    const errors = watchErrors(page);
    await page.getByRole('button', { name: 'Notifications (none)' }).click();
    await page.getByRole('menu', { name: 'Notifications' }).getByText('You’re all caught up').waitFor();
    await page.keyboard.press('Escape');

    const id = await payment(1234, { customerName: 'Dana Dispute' }, { owner: token, card: DISPUTE_CARD });
    const deadline = Date.now() + 10_000;
    while ((await api<{ status: string }>(`/api/client/payments/${id}`, undefined, token)).status !== 'disputed') {
      assert.ok(Date.now() < deadline, 'the sandbox never disputed the payment');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await page.reload();
    await page.getByRole('button', { name: 'Notifications (1)' }).click();
    const item = page.getByRole('menuitem', { name: /Payment disputed/ });
    assert.match((await item.textContent()) ?? '', /£12\.34 from Dana Dispute/);
    await shoot(page, 'notifications-menu');
    await item.click();
    await page.waitForURL((url) => url.pathname === '/dashboard/transactions' && url.searchParams.get('status') === 'disputed' && url.searchParams.get('view') === id);
    await page.getByRole('dialog').getByText(id).first().waitFor();
    await shoot(page, 'notifications-dispute');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
