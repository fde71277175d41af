import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { watchErrors } from './support/browser.js';

interface CreatedCryptoPayment {
  id: string;
  paymentUrl: string;
  cryptoAmount: string;
  address: string;
  expiresAt: string;
}

/** A merchant (public sign-up, then its merchant record) and a staging crypto payment of theirs, through the API. */
async function cryptoPayment(baseUrl: string): Promise<CreatedCryptoPayment> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 201, `${path}: ${await response.clone().text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const email = `${randomUUID().slice(0, 8)}@merchant.test`;
  const { token } = (await post('/api/auth/register', { email, password: 'merchant-password-1', firstName: 'Mario', lastName: 'Rossi' })) as { token: string };
  await post('/api/merchants/register', { companyName: 'Bottega Srl', email, website: null, businessType: 'Retail' }, token);
  const created = await post('/api/crypto-payments/create', { amount: 1000, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'cliente@example.com', environment: 'staging' }, token);
  return created.payment as CreatedCryptoPayment;
}

describe('hosted crypto payment page (/crypto-payments/{id})', () => {
  const app = useAppAndBrowser();

  it('shows amount, address, QR code, countdown and live status; the staging button confirms the payment and the QR code goes', async () => {
    const payment = await cryptoPayment(app.server.url);
    const page = await app.browser.newPage();
    const errors = watchErrors(page);
    // The paymentUrl names this server's public URL; the page is opened by its path, as a link would.
    const response = await page.goto(app.server.url + new URL(payment.paymentUrl).pathname);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { level: 1, name: 'Pagamento crypto' }).waitFor();

    assert.equal(await page.getByTestId('crypto-amount').innerText(), `${payment.cryptoAmount} BTC`);
    assert.equal(await page.getByTestId('crypto-address').innerText(), payment.address);
    assert.equal(await page.getByTestId('crypto-status').innerText(), 'In Attesa');
    const qr = page.getByRole('img', { name: 'Codice QR del pagamento' });
    await qr.waitFor();
    assert.equal(await qr.getAttribute('data-uri'), `bitcoin:${payment.address}?amount=${payment.cryptoAmount}`);
    assert.match(await qr.getAttribute('src') ?? '', /^data:image\/png;base64,/);
    assert.match(await page.getByTestId('countdown').innerText(), /^(29|30):\d\d$/);
    assert.deepEqual(await seriousA11yViolations(page), []);

    await page.getByRole('button', { name: 'Simula conferma' }).click();
    await page.getByTestId('crypto-status').filter({ hasText: 'Completato' }).waitFor();
    assert.match(await page.getByTestId('crypto-tx').innerText(), /^[0-9a-f]{64}$/);
    assert.equal(await page.getByRole('button', { name: 'Simula conferma' }).count(), 0);
    // Paid: no code left to scan (a second transfer would be money sent for nothing).
    assert.equal(await qr.count(), 0);

    // Live status: a reload reads the recorded state, not the page's memory.
    await page.reload();
    await page.getByTestId('crypto-status').filter({ hasText: 'Completato' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
