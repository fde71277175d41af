import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, prepareVisitor, watchErrors } from './support/browser.js';

const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '/tmp/checkout-shots';

describe('client API test page (/client-api-test) against the real app', () => {
  // The page signs in with the seeded demo merchant's sample credentials.
  const app = useAppAndBrowser({ SEED_DEMO: 'true' });

  async function open(width = 1280): Promise<Page> {
    const page = await app.browser.newPage({ viewport: { width, height: 900 } });
    await prepareVisitor(page);
    await page.goto(`${app.server.url}/client-api-test`);
    await page.getByRole('heading', { level: 1, name: 'Client API Test' }).waitFor();
    return page;
  }

  async function shoot(page: Page, name: string) {
    await mkdir(SHOTS, { recursive: true });
    // From the top, so the sticky header is where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  const viewer = (page: Page) => ({
    message: () => page.getByTestId('response-message').innerText(),
    status: () => page.getByTestId('response-status').innerText(),
    body: async () => JSON.parse(await page.getByTestId('response-body').innerText()) as Record<string, unknown>,
  });

  it('refuses every call before a token: Please authenticate first', async () => {
    const page = await open(390);
    await page.getByTestId('response-viewer').getByText('No response yet').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await shoot(page, 'client-api-empty-390');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/client/')) calls.push(request.url());
    });
    for (const name of ['Get Stats', 'Create Payment']) {
      await page.getByRole('button', { name }).click();
      assert.equal(await viewer(page).message(), 'Please authenticate first');
    }
    assert.deepEqual(calls, []);
    await assertNoSidewaysScroll(page, 'the refused call at 390 px');
    await shoot(page, 'client-api-refused-390');
    await page.close();
  });

  it('gets a token with the sample credentials, then every call answers in the viewer', async () => {
    const page = await open();
    const errors = watchErrors(page);
    await page.getByRole('button', { name: 'Get Token' }).click();
    await page.getByTestId('auth-state').getByText('Authenticated').waitFor();
    assert.equal(await viewer(page).message(), 'Authentication successful');
    assert.equal(typeof (await viewer(page).body()).token, 'string');
    // The page's token is its own: the visitor is not signed in to the site.
    assert.equal(await page.evaluate(() => window.localStorage.getItem('auth_token')), null);

    const expectations: [string, string, (body: Record<string, unknown>) => void][] = [
      ['Get Stats', 'GET /api/client/stats', (body) => assert.equal(typeof body.totalTransactions, 'number')],
      ['Get Payments', 'GET /api/client/payments', (body) => assert.ok(Array.isArray(body.data) && body.data.length > 0, 'the demo merchant has sample payments')],
      ['Get Crypto Payments', 'GET /api/client/crypto-payments', (body) => assert.ok(Array.isArray(body.cryptoTransactions))],
      ['Get Exchange Rates', 'GET /api/client/exchange-rates?from=EUR&to=BTC&amount=100', (body) => assert.equal((body.exchangeRate as { amount: string }).amount, '100.00')],
      ['Get Currencies', 'GET /api/client/currencies', (body) => assert.deepEqual((body.cryptoCurrencies as { code: string }[]).map(({ code }) => code), ['BTC', 'ETH', 'USDT'])],
      ['Get Documentation', 'GET /api/client/documentation', (body) => assert.equal(body.version, '1.0')],
    ];
    for (const [button, request, check] of expectations) {
      await page.getByRole('button', { name: button }).click();
      await page.getByTestId('response-request').getByText(request, { exact: true }).waitFor();
      assert.equal(await viewer(page).message(), 'API call successful', button);
      assert.equal(await viewer(page).status(), '200', button);
      check(await viewer(page).body());
    }

    await page.getByRole('button', { name: 'Create Payment' }).click();
    await page.getByTestId('response-request').getByText('POST /api/client/payments', { exact: true }).waitFor();
    assert.equal(await viewer(page).status(), '201');
    const payment = await viewer(page).body();
    assert.equal(payment.amount, '100.00');
    assert.match(String(payment.paymentUrl), /\/pay\//);

    await page.getByRole('button', { name: 'Create Crypto Payment' }).click();
    await page.getByTestId('response-request').getByText('POST /api/client/crypto-payments', { exact: true }).waitFor();
    assert.equal(await viewer(page).status(), '201');
    assert.equal(((await viewer(page).body()).payment as { amount: string }).amount, '100.00');
    await shoot(page, 'client-api-created-1280');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
