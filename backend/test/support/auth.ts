import { randomUUID } from 'node:crypto';
import type { Merchant, User } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { StaffAccounts } from '../../src/identity/index.js';
import type { TestApp } from './app.js';
import { present } from './present.js';

export const PASSWORD = 'correct-horse-battery';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a merchant-role user through the API. */
export async function registerUser(t: TestApp, overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  const payload = { email: `user-${randomUUID()}@example.test`, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', ...overrides };
  const res = await t.request({ method: 'POST', url: '/api/auth/register', payload });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string; user: User }>();
}

/** A staff account the way operators create one, then signed in through the API. */
export async function createStaff(t: TestApp, email = `staff-${randomUUID()}@tallyline.test`) {
  await t.app.get(StaffAccounts).ensure(email, PASSWORD);
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  return { token: (res.json<{ token: string }>()).token, email };
}

/** A user with a merchant account. */
export async function registerMerchant(t: TestApp, overrides: Partial<{ companyName: string; email: string; website: string | null; businessType: string }> = {}) {
  const { token, user } = await registerUser(t, overrides.email ? { email: overrides.email } : {});
  const payload = { companyName: 'Acme Ltd', email: user.email, website: 'https://acme.example', businessType: 'SaaS', ...overrides };
  const res = await t.request({ method: 'POST', url: '/api/merchants/register', payload, headers: bearer(token) });
  if (res.statusCode !== 201) throw new Error(`merchant register failed: ${res.statusCode} ${res.body}`);
  return { token, user, merchant: res.json<Merchant>() };
}

/** The password-reset mails sent to `to`, oldest first. */
export const resetMails = (t: TestApp, to: string) =>
  t.app.get(DataSource).query<{ subject: string; body: string }[]>(`SELECT subject, body FROM mail_outbox WHERE "to" = $1 AND starts_with(dedupe_key, 'password-reset:') ORDER BY created_at`, [to]);

/** The secret of the reset link in a mail's body. */
export const resetTokenIn = (body: string | undefined) => present(/\/reset-password#token=([\w-]+)/.exec(body ?? '')?.[1], 'the link in the mail');
