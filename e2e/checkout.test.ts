import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, watchErrors } from './support/browser.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '/tmp/checkout-shots';
const CARDS = { approve: '4111111111111111', decline: '4000000000000002', threeDSecure: '4000000000003220' };
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
const SHOP = 'https://shop.example';

describe('hosted checkout (/pay/{id}) against the real app', () => {
  const app = useAppAndBrowser();
  const merchant = { token: '', company: `Mug Shop ${randomUUID().slice(0, 4)}` };

  const api = <T>(path: string, body?: unknown, token = merchant.token) => callApi<T>(app.server.url, path, body, token);

  /** A payment link as POST /api/client/payments gives it to the merchant. */
  async function paymentLink(extra: Record<string, unknown> = {}): Promise<{ id: string; paymentUrl: string }> {
    return api('/api/client/payments', {
      amount: 2500,
      currency: 'GBP',
      customerEmail: 'ann@example.com',
      customerName: 'Ann Smith',
      orderId: `order-${randomUUID().slice(0, 6)}`,
      paymentMethod: 'credit_card',
      description: 'Two blue mugs',
      ...extra,
    });
  }

  /** The payer opens the link exactly as given (the server's public URL) at the given width. */
  async function openLink(paymentUrl: string, width = 1280): Promise<Page> {
    const page = await app.browser.newPage({ viewport: { width, height: 900 } });
    // The merchant's own site, where a return URL leads.
    await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Thanks for your order</h1>' }));
    await page.goto(paymentUrl);
    return page;
  }

  async function payWith(page: Page, cardNumber: string) {
    await page.getByLabel('Card number').fill(cardNumber);
    await page.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ann Smith');
    await page.getByRole('button', { name: 'Pay £25.00' }).click();
  }

  async function shoot(page: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    // From the top, so the sticky header is where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  it('signs up a merchant', async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.test`;
    merchant.token = (await api<{ token: string }>('/api/auth/register', { email, password: 'password-123', firstName: 'Mia', lastName: 'Mug' }, '')).token;
    await api('/api/merchants/register', { companyName: merchant.company, email, website: null, businessType: 'Retail' });
  });

  it('a test card pays on /pay/{id}; the card number goes to the gateway only; the payment is completed in Transactions', async () => {
    const { id, paymentUrl } = await paymentLink();
    const page = await openLink(paymentUrl);
    const errors = watchErrors(page);
    const toOurApi: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/sandbox-gateway/')) toOurApi.push(`${path} ${request.postData() ?? ''}`);
    });
    await page.getByRole('heading', { level: 1, name: '£25.00' }).waitFor();
    assert.equal(await page.getByTestId('checkout-merchant').innerText(), merchant.company);
    assert.equal(await page.getByTestId('checkout-description').innerText(), 'Two blue mugs');
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'checkout-form-1280');

    await payWith(page, CARDS.approve);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    assert.equal(await page.getByTestId('checkout-message').innerText(), `£25.00 paid to ${merchant.company}.`);
    await shoot(page, 'checkout-success-1280');
    assert.ok(toOurApi.some((call) => call.startsWith(`/api/checkout/${id}/pay {"token":"`)), toOurApi.join('\n'));
    assert.ok(!toOurApi.some((call) => call.includes(CARDS.approve) || call.includes('4111 1111')), 'the card number reached our API');

    // Opened again later, the link says it is paid and offers no form.
    await page.reload();
    await page.getByRole('heading', { name: 'This payment has already been made' }).waitFor();
    assert.equal(await page.getByLabel('Card number').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();

    const dashboard = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await dashboard.addInitScript((token) => window.localStorage.setItem('auth_token', token), merchant.token);
    await dashboard.goto(`${app.server.url}/dashboard/transactions`);
    const row = dashboard.getByTestId('transactions-table').locator('tbody tr', { hasText: id });
    await row.getByText('completed').waitFor();
    assert.match((await row.textContent()) ?? '', /£25\.00/);
    await dashboard.close();
  });

  it('a declined card shows the gateway\'s message, also after a reload', async () => {
    // An order id of one long word, as shops make them: wrapped on a phone, not cut off at the card's edge.
    const orderId = `order-${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    const { paymentUrl } = await paymentLink({ orderId });
    const page = await openLink(paymentUrl, 390);
    await page.getByRole('heading', { level: 1, name: '£25.00' }).waitFor();
    await assertNoSidewaysScroll(page, 'the checkout form at 390 px');
    const order = page.getByText(`Order ${orderId}`);
    assert.ok(await order.evaluate((line) => line.scrollWidth <= line.clientWidth), 'the order id is cut off');
    // The empty fields' labels read whole (the expiry's was "Expiry (MM/…" beside the CVC).
    for (const label of await page.locator('form label').all()) {
      assert.ok(await label.evaluate((text) => text.scrollWidth <= text.clientWidth), `label "${await label.innerText()}" is cut off`);
    }
    await shoot(page, 'checkout-form-390');
    await payWith(page, CARDS.decline);
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    assert.equal(await page.getByTestId('checkout-message').innerText(), 'Payment declined');
    await assertNoSidewaysScroll(page, 'the declined payment at 390 px');
    await shoot(page, 'checkout-declined-390');
    await page.reload();
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    assert.equal(await page.getByTestId('checkout-message').innerText(), 'Payment declined');
    await page.close();
  });

  it('the form refuses a card failing the Luhn check before anything is sent', async () => {
    const { paymentUrl } = await paymentLink();
    const page = await openLink(paymentUrl, 390);
    const tokenizations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/sandbox-gateway/tokens')) tokenizations.push(request.url());
    });
    await payWith(page, '4111 1111 1111 1112');
    await page.getByText('Card number is not valid').waitFor();
    await shoot(page, 'checkout-invalid-390');
    assert.deepEqual(tokenizations, []);
    await page.close();
  });

  it('3-D Secure: the card goes to the gateway\'s check, the payer approves and comes back to the result', async () => {
    const { id, paymentUrl } = await paymentLink();
    const page = await openLink(paymentUrl);
    await payWith(page, CARDS.threeDSecure);
    await page.getByRole('heading', { name: '3-D Secure check' }).waitFor();
    assert.match(page.url(), /\/api\/sandbox-gateway\/3ds\//);
    await shoot(page, 'checkout-3ds-gateway-1280');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/pay/${id}`);
    await page.close();
  });

  it('3-D Secure failed at the gateway: back to the page, which says the payment failed', async () => {
    const { paymentUrl } = await paymentLink();
    const page = await openLink(paymentUrl, 390);
    await payWith(page, CARDS.threeDSecure);
    await page.getByRole('heading', { name: '3-D Secure check' }).waitFor();
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    assert.notEqual(await page.getByTestId('checkout-message').innerText(), '');
    await shoot(page, 'checkout-3ds-failed-390');
    await page.close();
  });

  it('with a return URL the payer goes back to the merchant with the outcome, directly and after 3-D Secure', async () => {
    const direct = await paymentLink({ returnUrl: `${SHOP}/thanks?order=42` });
    const page = await openLink(direct.paymentUrl);
    await payWith(page, CARDS.approve);
    await page.getByText(`Returning you to ${merchant.company}...`).waitFor();
    await page.waitForURL(`${SHOP}/thanks?order=42&paymentId=${direct.id}&status=completed`);
    await page.getByRole('heading', { name: 'Thanks for your order' }).waitFor();

    const secured = await paymentLink({ returnUrl: `${SHOP}/thanks` });
    await page.goto(secured.paymentUrl);
    await payWith(page, CARDS.threeDSecure);
    await page.getByRole('button', { name: 'Approve' }).click();
    // Back from the gateway's page, the return URL also carries Stripe's names for the outcome.
    await page.waitForURL(`${SHOP}/thanks?paymentId=${secured.id}&status=completed&payment_intent=pi_${secured.id.replaceAll('-', '')}&redirect_status=succeeded`);

    // The link opened again later offers the way back instead of sending the payer off by itself.
    await page.goto(secured.paymentUrl);
    await page.getByRole('heading', { name: 'This payment has already been made' }).waitFor();
    assert.equal(await page.getByRole('link', { name: `Return to ${merchant.company}` }).getAttribute('href'), `${SHOP}/thanks?paymentId=${secured.id}&status=completed`);
    await page.close();
  });

  it('by keyboard, focus goes to the result after paying, after a decline and after 3-D Secure; a failed attempt that can be tried again puts it on the error', async () => {
    /** What has focus: its tag and text, or BODY when focus is lost. */
    const focused = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : `${document.activeElement?.tagName} ${document.activeElement?.textContent}`));
    const payByKeyboard = async (page: Page, cardNumber: string) => {
      await page.getByLabel('Card number').fill(cardNumber);
      await page.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ann Smith');
      await page.getByRole('button', { name: 'Pay £25.00' }).press('Enter');
    };
    // The form goes when the result comes: focus, on Pay, fell to <body>.
    const paid = await openLink((await paymentLink()).paymentUrl);
    await payByKeyboard(paid, CARDS.approve);
    await paid.getByRole('heading', { name: 'Payment successful' }).waitFor();
    assert.equal(await focused(paid), 'H2 Payment successful');
    await paid.close();

    // A decline is final (the payment has failed; the page asks for a new link): focus goes to the result too.
    const declined = await openLink((await paymentLink()).paymentUrl, 390);
    await payByKeyboard(declined, CARDS.decline);
    await declined.getByRole('heading', { name: 'Payment failed' }).waitFor();
    assert.equal(await focused(declined), 'H2 Payment failed');
    await declined.close();

    // Back from the bank's check, the page opens on the result.
    const secured = await openLink((await paymentLink()).paymentUrl);
    await payByKeyboard(secured, CARDS.threeDSecure);
    await secured.getByRole('button', { name: 'Approve' }).press('Enter');
    await secured.getByRole('heading', { name: 'Payment successful' }).waitFor();
    assert.equal(await focused(secured), 'H2 Payment successful');
    await secured.goto((await paymentLink()).paymentUrl);
    await payByKeyboard(secured, CARDS.threeDSecure);
    await secured.getByRole('button', { name: 'Fail' }).press('Enter');
    await secured.getByRole('heading', { name: 'Payment failed' }).waitFor();
    assert.equal(await focused(secured), 'H2 Payment failed');
    await secured.close();

    // The pay call failed (here a 503 on the way): the form stays with the card, and focus goes to what went wrong, just above it.
    const retry = await openLink((await paymentLink()).paymentUrl);
    await retry.route('**/api/checkout/*/pay', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'The payment service is busy. Please try again.' }) }));
    await payByKeyboard(retry, CARDS.approve);
    await retry.getByRole('alert').filter({ hasText: 'The payment service is busy' }).waitFor();
    assert.equal(await focused(retry), 'DIV The payment service is busy. Please try again.');
    assert.equal(await retry.getByLabel('Card number').inputValue(), CARDS.approve);
    await shoot(retry, 'checkout-retry-1280');
    // Tab goes on into the card form, Pay is reached, and trying again pays.
    await retry.unroute('**/api/checkout/*/pay');
    await retry.keyboard.press('Tab');
    assert.equal(await retry.evaluate(() => document.activeElement?.id), 'card-cardNumber');
    await retry.getByRole('button', { name: 'Pay £25.00' }).press('Enter');
    await retry.getByRole('heading', { name: 'Payment successful' }).waitFor();
    assert.equal(await focused(retry), 'H2 Payment successful');
    await retry.close();
  });

  it('an unknown payment link says so', async () => {
    const page = await openLink(`${app.server.url}/pay/${randomUUID()}`, 390);
    await page.getByRole('heading', { level: 1, name: 'Payment not found' }).waitFor();
    await shoot(page, 'checkout-not-found-390');
    await page.close();
  });
});
