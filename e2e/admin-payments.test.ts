import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, useAppAndBrowser } from './support/app.js';
import { openStaffPage, signInAsStaff, submitApplication, type StaffSession } from './support/back-office.js';
import { assertNoSidewaysScroll, prepareVisitor, watchErrors } from './support/browser.js';
import { STAFF } from './support/server.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '/tmp/admin-payments-shots';
const APPROVE_CARD = '4111111111111111';
const DECLINE_CARD = '4000000000000002';

describe('staff views of money and the merchant drawer timeline', () => {
  const app = useAppAndBrowser();
  const owner = { email: `owner-${randomUUID().slice(0, 8)}@example.test`, token: '', company: `Money Makers ${randomUUID().slice(0, 4)}` };
  const other = { company: `Other Shop ${randomUUID().slice(0, 4)}`, token: '' };
  const ids = { refunded: '', declined: '', viaStripe: '', ofOther: '' };
  let staff: StaffSession = { token: '', user: {} };

  const api = <T>(path: string, body?: unknown, token = owner.token) => callApi<T>(app.server.url, path, body, token);

  async function merchant(company: string, email = `m-${randomUUID().slice(0, 8)}@example.test`): Promise<string> {
    const { token } = await api<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Olive', lastName: 'Owner' }, '');
    await api('/api/merchants/register', { companyName: company, email, website: null, businessType: 'Retail' }, token);
    return token;
  }

  async function payment(token: string, amount: number, card: string | null): Promise<string> {
    const { id } = await api<{ id: string }>('/api/client/payments', { amount, currency: 'GBP', customerEmail: 'ann@example.com', customerName: 'Ann Smith', orderId: `order-${randomUUID().slice(0, 6)}`, paymentMethod: 'credit_card' }, token);
    if (!card) return id;
    const { token: cardToken } = await api<{ token: string }>('/api/sandbox-gateway/tokens', { cardNumber: card, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }, '');
    await api(`/api/checkout/${id}/pay`, { token: cardToken }, '');
    return id;
  }

  /** react-admin's app-bar spinner (unlabelled) is gone: every request of the page has answered. */
  const settled = (page: Page) => page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });

  async function shoot(page: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  const staffPage = (path: string, width = 1280, timezoneId?: string) => openStaffPage(app, staff, path, { width, ...(timezoneId ? { timezoneId } : {}) });

  it('has payments from two merchants, through both doors, and an application', async () => {
    owner.token = await merchant(owner.company, owner.email);
    other.token = await merchant(other.company);
    ids.refunded = await payment(owner.token, 2500, APPROVE_CARD);
    await api(`/api/transactions/${ids.refunded}/refund`, { amount: 1000 });
    ids.declined = await payment(owner.token, 400_000, DECLINE_CARD);
    const { key } = await api<{ key: string }>('/api/merchants/api-keys/production/rotate', {});
    const intent = await api<{ id: string }>('/v1/payment_intents', { amount: 990, currency: 'eur' }, key);
    ids.viaStripe = intent.id.slice(3).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    ids.ofOther = await payment(other.token, 7700, APPROVE_CARD);

    await submitApplication(app.server.url);
    staff = await api<{ token: string; user: unknown }>('/api/auth/login', STAFF, '');
  });

  it('staff dashboard: the per-day chart draws from the stats endpoint, not from the applications list', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await signInAsStaff(page, staff);
    const stats = page.waitForResponse((response) => response.url().includes('/api/admin/stats/applications-per-day?days=30') && response.ok());
    await page.goto(`${app.server.url}/admin`);
    await stats;
    await page.getByRole('heading', { name: 'Applications per day (last 30 days)' }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    // The status cards ask for one row each; nothing pages through the whole list any more.
    assert.deepEqual(requested.filter((url) => url.startsWith('/api/admin/merchant-applications') && !decodeURIComponent(url).includes('range=[0,0]')), []);
    await shoot(page, 'dashboard-1280');
    await page.close();
  });

  it('staff Payments: every payment listed, filtered by merchant and status in the URL', async () => {
    const page = await staffPage('/admin/payments');
    const errors = watchErrors(page);
    const table = page.locator('table');
    for (const column of ['Created', 'Merchant', 'Amount', 'Refunded', 'Status', 'Environment', 'Customer e-mail']) await page.getByRole('columnheader', { name: column }).waitFor();
    await table.getByText(other.company).first().waitFor();
    await table.getByText('9.90 EUR').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 4);
    await shoot(page, 'payments-list-1280');

    await page.getByRole('combobox', { name: 'Merchant' }).fill(owner.company.slice(0, 8));
    await page.getByRole('option', { name: owner.company }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 3);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await page.locator('table tbody tr').getByText('4,000.00 GBP').waitFor();
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, string>;
    assert.equal(filter.status, 'failed');
    assert.match(filter.merchantId ?? '', /^[0-9a-f-]{36}$/);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await settled(page);
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('staff Payments: "With refunds" keeps only payments with money given back', async () => {
    const page = await staffPage('/admin/payments');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 4);
    await page.getByRole('combobox', { name: 'Refunded' }).click();
    await page.getByRole('option', { name: 'With refunds' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await page.locator('table tbody tr').getByText('25.00 GBP').waitFor();
    assert.equal(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').refunded, true);
    await page.getByRole('combobox', { name: 'Refunded' }).click();
    await page.getByRole('option', { name: 'No refunds' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 3);
    await page.close();
  });

  it('Created from/to are the staff member\'s own calendar days, not UTC ones', async () => {
    const { createdAt, merchantId } = await callApi<{ createdAt: string; merchantId: string }>(app.server.url, `/api/admin/payments/${ids.ofOther}`, undefined, staff.token);
    // At any hour, UTC-12 or UTC+14 has another date than UTC: in one of them at least, the payment's local day is not its UTC day.
    for (const timezoneId of ['Etc/GMT+12', 'Pacific/Kiritimati']) {
      const localDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(Date.parse(createdAt) + days * 86_400_000);
      const page = await staffPage('/admin/payments', 1280, timezoneId);
      const errors = watchErrors(page);
      assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), timezoneId);
      const rowsFor = async (dates: { from?: string; to?: string }) => {
        await page.goto(`${app.server.url}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ merchantId, ...dates }))}`);
        await page.locator('table tbody tr').or(page.getByText('No payments match these filters')).first().waitFor();
        return page.locator('table tbody tr').allInnerTexts();
      };
      const [row, ...others] = await rowsFor({ from: localDay(0), to: localDay(0) });
      assert.match(row ?? '', /77\.00 GBP/, `${timezoneId}: the payment made on ${localDay(0)} there is listed for that day`);
      assert.deepEqual(others, []);
      await shoot(page, `payments-local-day-${timezoneId.replace('/', '-')}`);
      assert.deepEqual(await rowsFor({ to: localDay(-1) }), [], `${timezoneId}: not up to the day before`);
      assert.deepEqual(await rowsFor({ from: localDay(1) }), [], `${timezoneId}: nor from the day after`);
      // Dates that exclude each other are said to, rather than looking like a merchant without payments.
      await page.goto(`${app.server.url}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ merchantId, from: localDay(1), to: localDay(0) }))}`);
      await page.getByRole('alert').filter({ hasText: 'No payments: "Created from" is after "Created to".' }).waitFor();
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('a payment\'s show page tells what happened and who did it', async () => {
    const page = await staffPage(`/admin/payments?filter=${encodeURIComponent(JSON.stringify({ status: 'completed', environment: 'production' }))}`);
    const errors = watchErrors(page);
    await page.locator('table tbody tr').filter({ hasText: '25.00 GBP' }).click();
    await page.waitForURL(new RegExp(`/admin/payments/${ids.refunded}/show$`));
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const entries = timeline.getByRole('listitem');
    await entries.nth(4).waitFor();
    const texts = await entries.allTextContents();
    assert.match(texts[0] ?? '', new RegExp(`^Payment of £25\\.00 created for order order-.*By ${owner.email.replace('.', '\\.')} \\(merchant · PaymentCreated\\)$`));
    assert.match(texts[2] ?? '', /^Payment completed with Visa •••• 1111.*By the customer \(hosted payment page\) \(visitor · PaymentCompleted\)$/);
    // Whoever learns the outcome first records it: the refund's own request, or the sandbox's IPN that can arrive before it.
    assert.match(texts[4] ?? '', new RegExp(`^Refund of £10\\.00 completed.*By (${owner.email.replace('.', '\\.')}|the gateway sandbox \\(IPN\\))`));
    await page.getByText('10.00 GBP', { exact: true }).first().waitFor();
    await settled(page);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'payment-show-1280');
    assert.deepEqual(errors, []);
    await page.close();

    const phone = await staffPage(`/admin/payments/${ids.refunded}/show`, 390);
    await phone.getByRole('list', { name: 'Timeline' }).getByRole('listitem').nth(4).waitFor();
    await settled(phone);
    await shoot(phone, 'payment-show-390');
    await assertNoSidewaysScroll(phone, 'the show page');
    await phone.close();
  });

  it('a payment\'s link opened signed out shows the payment after signing in, without a script error', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${app.server.url}/admin/payments/${ids.refunded}/show`);
    await page.getByRole('textbox', { name: 'Email' }).fill(STAFF.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/admin/payments/${ids.refunded}/show$`));
    await page.getByText('25.00 GBP', { exact: true }).first().waitFor();
    await settled(page);
    // The amounts' field read a record loaded before the payment: "Cannot read properties of undefined (reading 'replace')".
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('phone width: the payments list fits 390 px', async () => {
    const page = await staffPage('/admin/payments', 390);
    await page.getByRole('link', { name: /^9\.90 EUR · Pending/ }).waitFor();
    await settled(page);
    await assertNoSidewaysScroll(page, 'the list');
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'payments-list-390');
    await page.close();
  });

  it('a merchant\'s refunds are on its Refunds tab', async () => {
    const page = await staffPage('/admin/merchants');
    await page.getByRole('row').filter({ hasText: owner.company }).click();
    await page.getByRole('tab', { name: 'Refunds' }).click();
    await page.waitForURL(/\/show\/refunds$/);
    const rows = page.locator('table tbody tr');
    await rows.first().getByText('10.00 GBP').waitFor();
    assert.equal(await rows.count(), 1);
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 3);
    await shoot(page, 'merchant-payments-1280');
    await page.close();
  });

  it('the merchant\'s transaction drawer shows the same timeline', async () => {
    for (const width of [1280, 390]) {
      const page = await app.browser.newPage({ viewport: { width, height: 900 } });
      const errors = watchErrors(page);
      await prepareVisitor(page, owner.token);
      await page.goto(`${app.server.url}/dashboard/transactions?view=${ids.refunded}`);
      const timeline = page.getByRole('region', { name: 'Timeline' });
      const entries = timeline.getByRole('listitem');
      await entries.nth(4).waitFor();
      const texts = await entries.allTextContents();
      assert.match(texts[0] ?? '', new RegExp(`^Payment of £25\\.00 created for order .*${owner.email.replace('.', '\\.')}$`));
      assert.match(texts[1] ?? '', /Payment attempted with Visa •••• 1111.*Customer \(payment page\)$/);
      assert.match(texts[3] ?? '', /^Refund of £10\.00 requested/);
      await shoot(page, `drawer-${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
