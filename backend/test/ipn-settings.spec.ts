import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, registerMerchant, registerUser } from './support/auth.js';

/** GET /api/merchants/ipn: the settings tab's webhook (IPN) URL comes from the deployment's gateway name and public URL. */
describe('the IPN URL for the settings tab', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_NAME: 'acquirer-one', PUBLIC_URL: 'https://pay.example.test' });
  });
  afterAll(() => t.close());

  it("is the public URL's /api/webhooks/{gateway name}, a path the IPN route answers on", async () => {
    const { token } = await registerMerchant(t);
    const res = await t.request({ method: 'GET', url: '/api/merchants/ipn', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gateway: 'acquirer-one', url: 'https://pay.example.test/api/webhooks/acquirer-one' });
    // The same path is the gateway's: an empty notification there is refused as invalid, not unknown.
    const ipn = await t.request({ method: 'POST', url: '/api/webhooks/acquirer-one', payload: {} });
    expect(ipn.statusCode).toBe(400);
  });

  it('needs a merchant account', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'GET', url: '/api/merchants/ipn', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Merchant account not found' });
  });
});
