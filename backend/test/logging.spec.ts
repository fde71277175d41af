import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, PASSWORD, registerMerchant } from './support/auth.js';
import { LogCapture } from './support/log-capture.js';

describe('logging', () => {
  let t: TestApp;
  const capture = new LogCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });
  });
  afterAll(() => t.close());

  it('writes one JSON line per record, with the request id on every request line, and never a secret', async () => {
    capture.lines.length = 0;
    const { token, user } = await registerMerchant(t);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD }, headers: { 'x-request-id': 'login-request-0001' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['x-request-id']).toBe('login-request-0001');
    const secret = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    expect((await t.request({ method: 'GET', url: '/api/client/merchant', headers: { ...bearer(secret), cookie: `session=${token}` } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/client/merchant', headers: { 'x-api-key': secret } })).statusCode).toBe(401);
    // Application code logging an object with secrets in it.
    new Logger('LoggingSpec').warn({ msg: 'careless', user: { email: user.email, password: PASSWORD }, apiKey: secret, token });

    const records = capture.lines.map((line) => JSON.parse(line) as { msg?: string; req?: { id?: string; headers?: Record<string, string> }; res?: { statusCode: number } });
    const requestLines = records.filter((r) => r.req);
    expect(requestLines.length).toBeGreaterThanOrEqual(5);
    for (const r of requestLines) expect(r.req!.id).toEqual(expect.any(String));
    expect(requestLines.find((r) => r.req!.id === 'login-request-0001')).toMatchObject({ res: { statusCode: 200 } });
    expect(requestLines.some((r) => r.req!.headers?.authorization === '[redacted]')).toBe(true);
    expect(records.find((r) => r.msg === 'careless')).toMatchObject({ user: { password: '[redacted]' }, apiKey: '[redacted]', token: '[redacted]' });

    const everything = capture.lines.join('\n');
    for (const secretValue of [PASSWORD, token, secret, secret.slice(8)]) expect(everything).not.toContain(secretValue);
  });

  it('logs each answer once, whichever API refused it', async () => {
    capture.lines.length = 0;
    const refused = [
      { url: '/v1/payment_intents', id: 'stripe-refused-0001' },
      { url: '/v1/payment_intents/pi_nope', id: 'stripe-refused-0002' },
      { url: '/api/client/payments', id: 'native-refused-0001' },
    ];
    for (const { url, id } of refused) {
      expect((await t.request({ method: 'GET', url, headers: { authorization: 'Bearer sk_test_nope', 'x-request-id': id } })).statusCode).toBe(401);
    }
    const { token } = await registerMerchant(t);
    const key = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    const served = [
      { url: '/v1/payment_intents', id: 'stripe-served-0001' },
      { url: '/api/client/payments', id: 'native-served-0001' },
    ];
    for (const { url, id } of served) expect((await t.request({ method: 'GET', url, headers: { ...bearer(key), 'x-request-id': id } })).statusCode).toBe(200);
    const records = capture.lines.map((line) => JSON.parse(line) as { req?: { id?: string }; res?: { statusCode: number } });
    for (const { id } of [...refused, ...served]) expect([id, records.filter((r) => r.req?.id === id && r.res).length]).toEqual([id, 1]);
  });
});
