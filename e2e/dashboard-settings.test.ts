import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, openSignedIn, useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, watchErrors } from './support/browser.js';
import { walkPagerByKeyboard } from './support/pager.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.DASHBOARD_SHOTS_DIR ?? '/tmp/dashboard-shots';

/** A merchant's webhook receiver on this machine: records every request, answers the next queued status (200 when none). */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the dashboard payment methods and settings tabs against the real app', () => {
  // No WEBHOOK_ALLOW_PRIVATE: with the embedded database (no DATABASE_URL) a receiver on this machine is allowed by default.
  const app = useAppAndBrowser();
  const merchant = { token: '', email: '', company: `Bright Lamps ${randomUUID().slice(0, 4)}` };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  async function api(path: string, body?: unknown, token = merchant.token) {
    return fetch(app.server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
  const ok = <T>(path: string, body?: unknown, token = merchant.token) => callApi<T>(app.server.url, path, body, token);

  async function open(path: string, width = 1280): Promise<Page> {
    const page = await openSignedIn(app, merchant.token, path, width);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    return page;
  }

  async function shoot(page: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    // A full-page shot of a scrolled page draws the sticky header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  it('signs up a merchant', async () => {
    merchant.email = `lamps-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await ok<{ token: string }>('/api/auth/register', { email: merchant.email, password: 'password-123', firstName: 'Lena', lastName: 'Lamp' }, '');
    merchant.token = token;
    await ok('/api/merchants/register', { companyName: merchant.company, email: merchant.email, website: 'https://lamps.example', businessType: 'Retail' });
  });

  it('payment methods: the fixed cards, then Add Method and Configure against the API, the open form in the URL', async () => {
    const page = await open('/dashboard/payments');
    const errors = watchErrors(page);
    const fixed = page.getByTestId('fixed-method');
    await fixed.first().waitFor();
    assert.deepEqual(
      (await fixed.allTextContents()).map((text) => text.match(/^(\w+ \w+)(active|pending)/)?.slice(1, 3).join(' ')),
      ['Credit Cards active', 'Bank Transfers active', 'Digital Wallets pending'],
    );
    await page.getByText('No custom payment methods yet. Add one to set your own fees.').waitFor();

    await page.getByRole('button', { name: 'Add Method' }).click();
    const add = page.getByRole('dialog', { name: 'Add payment method' });
    await add.getByRole('button', { name: 'Add method' }).click();
    await add.getByText('Name is required').waitFor();
    await add.getByLabel('Name').fill('Lamp Wallet');
    await add.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Digital Wallet' }).click();
    await add.getByLabel('Processing fee').fill('2.5');
    await add.getByLabel('Fixed fee').fill('0.2');
    await add.getByRole('button', { name: 'Add method' }).click();
    await page.getByText('Payment method added').waitFor();
    const row = page.getByTestId('custom-method').filter({ hasText: 'Lamp Wallet' });
    await row.getByText(/2\.5% \+ \$0\.20/).waitFor();
    await row.getByText('active', { exact: true }).waitFor();
    const [saved] = await ok<{ id: string; processingFee: number; fixedFee: string }[]>('/api/payment-methods');
    assert.deepEqual({ processingFee: saved?.processingFee, fixedFee: saved?.fixedFee }, { processingFee: 2.5, fixedFee: '0.20' });

    await row.getByRole('button', { name: 'Configure Lamp Wallet' }).click();
    await page.waitForURL(new RegExp(`method=${saved?.id}`));
    // A reload shows the same open form.
    await page.reload();
    const configure = page.getByRole('dialog', { name: 'Configure Lamp Wallet' });
    assert.equal(await configure.getByLabel('Processing fee').inputValue(), '2.5');
    await configure.getByLabel('Processing fee').fill('101');
    await configure.getByRole('button', { name: 'Save changes' }).click();
    await configure.getByText('Processing fee must be a percentage from 0 to 100 with at most two decimals').waitFor();
    await configure.getByLabel('Processing fee').fill('1.75');
    await configure.getByRole('switch', { name: 'Active' }).click();
    await configure.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Payment method updated').waitFor();
    await row.getByText(/1\.75% \+ \$0\.20/).waitFor();
    await row.getByText('inactive', { exact: true }).waitFor();
    assert.doesNotMatch(page.url(), /method=/);

    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'payments-1280');
    assert.deepEqual(errors, []);
    await page.close();

    const phone = await open('/dashboard/payments', 390);
    await phone.getByTestId('custom-method').first().waitFor();
    await assertNoSidewaysScroll(phone, 'payments at 390 px');
    await shoot(phone, 'payments-390');
    await phone.getByRole('button', { name: 'Configure Lamp Wallet' }).click();
    await phone.getByRole('dialog', { name: 'Configure Lamp Wallet' }).waitFor();
    await shoot(phone, 'payments-configure-390');
    await phone.close();
  });

  it('settings: account, the IPN URL with its Copied! toast, integration status and security', async () => {
    const page = await open('/dashboard/settings');
    const errors = watchErrors(page);
    // The account section (the sidebar names the company too).
    await page.getByRole('definition').filter({ hasText: merchant.company }).waitFor();
    await page.getByText('https://lamps.example').waitFor();
    const ipn = page.getByTestId('ipn-url');
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('[data-testid="ipn-url"]')?.value.endsWith('/api/webhooks/sandbox'));
    // The server's PUBLIC_URL defaults to http://localhost:<port>.
    assert.equal(await ipn.inputValue(), `http://localhost:${new URL(app.server.url).port}/api/webhooks/sandbox`);
    await page.getByRole('button', { name: 'Copy Webhook URL' }).click();
    await page.getByText('Copied!').waitFor();
    await page.getByText('Webhook URL copied to clipboard.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await ipn.inputValue());
    const status = page.getByTestId('integration-status');
    await status.getByText('None yet: create one in API Keys.').waitFor();
    await status.getByText('No endpoint yet: add one below to hear about payments as they happen.').waitFor();
    await page.getByRole('heading', { name: 'Security Settings' }).waitFor();
    // Checked once the toast has gone: axe measures a fading-in alert's contrast against a half-transparent one.
    await page.getByText('Copied!').waitFor({ state: 'detached', timeout: 15_000 });
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'settings-1280');
    assert.deepEqual(errors, []);
    await page.close();

    const phone = await open('/dashboard/settings', 390);
    await phone.getByTestId('ipn-url').waitFor();
    await phone.getByTestId('integration-status').getByText('API key', { exact: true }).waitFor();
    await assertNoSidewaysScroll(phone, 'settings at 390 px');
    await shoot(phone, 'settings-390');
    await phone.close();
  });

  it('API key rotate: asks first, shows the new key once, and the old key stops working', async () => {
    const page = await open('/dashboard/settings');
    const production = page.getByTestId('api-key-production');
    await production.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('dialog', { name: 'Create a production API key?' }).getByRole('button', { name: 'Create key' }).click();
    const first = await revealedKey(page, 'Your new API key');
    assert.match(first, /^sk_live_/);
    assert.equal((await api('/api/client/payments', undefined, first)).status, 200);

    await production.getByRole('button', { name: 'Rotate key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the production API key?' });
    await confirm.getByText(`ending ${first.slice(-4)}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Rotate key' }).click();
    const second = await revealedKey(page, 'Your new API key');
    assert.notEqual(second, first);
    await page.getByText('API key rotated').waitFor();
    assert.equal((await api('/api/client/payments', undefined, first)).status, 401, 'the old key stops working');
    assert.equal((await api('/api/client/payments', undefined, second)).status, 200);

    // Shown once: after a reload only the last four characters are left.
    await page.reload();
    await production.getByRole('button', { name: 'Show production API key' }).click();
    assert.equal(await production.getByTestId('api-key-value').inputValue(), `sk_live_••••••••${second.slice(-4)}`);
    assert.ok(await production.getByRole('button', { name: 'Copy API key' }).isDisabled());
    await page.close();
  });

  async function revealedKey(page: Page, title: string): Promise<string> {
    const dialog = page.getByRole('dialog', { name: title });
    const value = await dialog.getByTestId('secret-value').inputValue();
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await dialog.waitFor({ state: 'detached' });
    return value;
  }

  it('webhook endpoint add: the secret once, a payment event delivered to a local receiver shows in the log, and Retry sends it again', async () => {
    const page = await open('/dashboard/settings');
    const errors = watchErrors(page);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByLabel('Description (optional)').fill('Order system');
    await add.getByRole('checkbox', { name: 'payment.created', exact: true }).check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await revealedKey(page, 'Your webhook signing secret');
    assert.match(secret, /^whsec_/);
    const endpointRow = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await endpointRow.getByText(`whsec_`, { exact: false }).waitFor();
    assert.ok(!(await endpointRow.textContent())?.includes(secret), 'the list shows the secret masked');

    const payment = await ok<{ id: string }>('/api/client/payments', {
      amount: 4200, currency: 'GBP', customerEmail: 'ann@example.com', customerName: 'Ann Smith', orderId: `order-${randomUUID().slice(0, 6)}`, paymentMethod: 'credit_card',
    });
    await endpointRow.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
    await page.waitForURL(/endpoint=/);
    const log = page.getByTestId('delivery-log');
    // The event reaches the receiver in the background; Refresh until the log has its answer.
    await page.waitForFunction(() => {
      const code = document.querySelector('[data-testid="delivery-log"] [data-testid="delivery-response-code"]');
      if (code?.textContent === '200') return true;
      Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Refresh')?.click();
      return false;
    }, undefined, { polling: 1000, timeout: 30_000 });
    await log.getByText('payment.created').waitFor();
    await log.getByText('delivered').waitFor();
    assert.equal(receiver.received.length, 1);
    const [delivered] = receiver.received;
    assert.equal(JSON.parse(delivered?.body ?? '{}').transaction_id, payment.id);
    const webhookId = delivered?.headers['webhook-id'] as string;
    await log.getByText(webhookId).waitFor();
    // A reload (or a shared link) opens the same endpoint's log.
    await page.reload();
    await log.getByText(webhookId).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'settings-deliveries-1280');

    receiver.statuses.push(202);
    await log.getByRole('button', { name: /^Retry delivery/ }).click();
    await page.getByText('Delivery queued').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="delivery-log"] [data-testid="delivery-response-code"]')?.textContent === '202', undefined, { polling: 500, timeout: 30_000 });
    assert.equal(receiver.received.length, 2);
    assert.equal(receiver.received[1]?.headers['webhook-id'], webhookId, 'a retry keeps the webhook-id');
    assert.deepEqual(errors, []);
    await page.close();

    const phone = await open(new URL(page.url()).pathname + new URL(page.url()).search, 390);
    await phone.getByTestId('delivery-log-compact').getByText('payment.created').waitFor();
    await assertNoSidewaysScroll(phone, 'the delivery log at 390 px');
    await shoot(phone, 'settings-deliveries-390');
    await phone.close();
  });

  it('webhook endpoint edit, disable and delete with confirmation', async () => {
    const page = await open('/dashboard/settings');
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await row.getByRole('button', { name: `Edit ${receiver.url}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await edit.getByRole('checkbox', { name: 'payment.completed', exact: true }).check();
    await edit.getByRole('switch', { name: 'Enabled' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Webhook endpoint updated').waitFor();
    await row.getByText('Events: payment.created, payment.completed').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Rotate secret of ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    assert.match(await revealedKey(page, 'Your webhook signing secret'), /^whsec_/);

    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page.getByRole('dialog', { name: 'Delete this webhook endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('Webhook endpoint deleted').waitFor();
    await page.getByText('No webhook endpoints yet. Add one to receive payment events on your server.').waitFor();
    await page.close();
  });

  it('webhook endpoint delete by keyboard: focus goes to Add endpoint, not lost to the page', async () => {
    const url = 'https://hooks.example.com/keyboard';
    await ok('/api/webhook-endpoints', { url });
    const page = await open('/dashboard/settings');
    const remove = page.getByRole('button', { name: `Delete ${url}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
    await confirm.waitFor();
    // Focus starts on the dialog: Tab to Cancel, then to Delete endpoint.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Webhook endpoint deleted').waitFor();
    await confirm.waitFor({ state: 'detached' });
    // The row and its Delete button are gone; focus was left on <body>, so the next Tab started over at the skip link.
    const focused = await page.evaluate(() => (document.activeElement === document.body ? 'BODY' : document.activeElement?.textContent));
    assert.equal(focused, 'Add endpoint');
    await page.close();
  });

  it('webhook delivery log by keyboard: Deliveries says it is pressed, Refresh and Close leave focus on a button', async () => {
    const url = 'https://hooks.example.com/log-by-keyboard';
    await ok('/api/webhook-endpoints', { url });
    const page = await open('/dashboard/settings');
    const focused = () => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent));
    await page.getByRole('button', { name: `Deliveries of ${url}`, pressed: false }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Deliveries of ${url}`, pressed: true }).waitFor();
    const log = page.getByTestId('delivery-log-section');
    // Refresh was disabled while it fetched, and focus fell to <body>.
    await log.getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForLoadState('networkidle');
    assert.equal(await focused(), 'Refresh');
    // Close takes the log away: focus goes back to the Deliveries button that opened it.
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Close');
    await page.keyboard.press('Enter');
    await log.waitFor({ state: 'detached' });
    assert.equal(await focused(), `Deliveries of ${url}`);
    await page.getByRole('button', { name: `Deliveries of ${url}`, pressed: false }).waitFor();
    await page.close();
  });

  it('webhook delivery log pager by keyboard: Next and Previous keep focus on a button as pages load and at the first and last page', async () => {
    // A merchant of its own, so the endpoints of the tests above get none of these events.
    const email = `pager-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await ok<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Paul', lastName: 'Pager' }, '');
    await ok('/api/merchants/register', { companyName: 'Pager Lamps', email, website: null, businessType: 'Retail' }, token);
    const endpoint = await ok<{ id: string }>('/api/webhook-endpoints', { url: receiver.url.replace(/\/hooks$/, '/pager'), eventTypes: ['payment.created'] }, token);
    // 41 deliveries: three pages of 20.
    for (let i = 0; i < 41; i++) {
      await ok('/api/client/payments', { amount: 100 + i, currency: 'GBP', customerEmail: 'ann@example.com', customerName: 'Ann Smith', orderId: `pager-${i}`, paymentMethod: 'credit_card' }, token);
    }
    const deliveries = `/api/webhook-endpoints/${endpoint.id}/deliveries?limit=40`;
    for (let tries = 0; !(await ok<{ nextCursor: string | null }>(deliveries, undefined, token)).nextCursor; tries++) {
      assert.ok(tries < 60, 'the 41 deliveries were not all recorded');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const page = await openSignedIn(app, token, `/dashboard/settings?endpoint=${endpoint.id}`);
    await page.getByTestId('delivery-log').locator('tbody tr').nth(19).waitFor();
    await walkPagerByKeyboard(page, '[data-testid="delivery-log-section"]', () => page.getByTestId('delivery-log').locator('tbody tr').nth(19).waitFor());
    await page.close();
  });
});
