import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, PASSWORD, registerUser } from './support/auth.js';
import { caughtUp } from './support/caught-up.js';

/** Random, so PostgreSQL cannot compress it under its index-row limit (2,704 bytes for a B-tree). */
const longEmail = () => `${randomUUID().replaceAll('-', '').repeat(100)}@example.test`;

describe('texts too long for the read models are refused at the door', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a sign-up with an e-mail longer than any address (254): 400, and sign-ups keep working', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: longEmail(), password: PASSWORD, firstName: 'A', lastName: 'B' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Please enter a valid email address', errors: [{ field: 'email', message: 'Please enter a valid email address' }] });
    // Accepted, it stopped the users projection: no later sign-up could sign in.
    const later = await registerUser(t);
    await caughtUp(t);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(later.token) })).statusCode).toBe(200);
  });

  it('answers a sign-in with an over-long e-mail 400, not 500 (its failure was recorded under an indexed key)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: longEmail(), password: PASSWORD } });
    expect(res.json()).toEqual({ statusCode: 400, message: 'Invalid email address', errors: [{ field: 'email', message: 'Invalid email address' }] });
  });

  it('refuses a merchant registration with an over-long e-mail or website: 400 naming the field, and registrations keep working', async () => {
    const { token } = await registerUser(t);
    const register = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/merchants/register', headers: bearer(token), payload: { companyName: 'Acme', email: 'ops@acme.test', website: null, businessType: 'SaaS', ...payload } });
    const email = await register({ email: longEmail() });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ errors: [{ field: 'email', message: 'Invalid email address' }] });
    const website = await register({ website: `https://acme.test/${'a'.repeat(5000)}` });
    expect(website.json()).toEqual({ statusCode: 400, message: 'Website must be at most 2000 characters', errors: [{ field: 'website', message: 'Website must be at most 2000 characters' }] });
    expect((await register({})).statusCode).toBe(201);
    await caughtUp(t);
  });

  it('says a name is too long, not that it is missing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: `a-${randomUUID()}@example.test`, password: PASSWORD, firstName: 'x'.repeat(101), lastName: 'B' } });
    expect(res.json()).toEqual({ statusCode: 400, message: 'First name must be at most 100 characters', errors: [{ field: 'firstName', message: 'First name must be at most 100 characters' }] });
    const { token } = await registerUser(t);
    const company = await t.request({ method: 'POST', url: '/api/merchants/register', headers: bearer(token), payload: { companyName: 'c'.repeat(201), email: 'ops@acme.test', businessType: 'SaaS' } });
    expect(company.json()).toMatchObject({ message: 'Company name must be at most 200 characters' });
  });
});
