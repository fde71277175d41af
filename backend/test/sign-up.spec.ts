import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { createTestApp, type TestApp } from './support/app.js';
import { caughtUp as waitUntilCaughtUp } from './support/caught-up.js';
import { bearer, PASSWORD } from './support/auth.js';

/** Sign-up is all or nothing: whatever step fails, the e-mail either is a whole account or is free. */
describe('sign-up is one atomic step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (email: string, password = PASSWORD) => t.request({ method: 'POST', url: '/api/auth/register', payload: { email, password, firstName: 'Ada', lastName: 'Lovelace' } });
  const login = (email: string, password = PASSWORD) => t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const usable = async (token: string) => (await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode === 200;
  const caughtUp = () => waitUntilCaughtUp(t);

  it('a sign-up that dies before its event is recorded leaves the e-mail free, and nothing to sign in with', async () => {
    const store = t.app.get(EventStore);
    let reached!: () => void;
    const atAppend = new Promise<void>((resolve) => (reached = resolve));
    let die!: (error: Error) => void;
    // The process dies while the append is in flight: it never commits and nothing after it runs.
    const crash = jest.spyOn(store, 'append').mockImplementationOnce(() => {
      reached();
      return new Promise((_, reject) => (die = reject));
    });
    const doomed = register('half-made@example.test', 'the-first-password');
    await atAppend;
    crash.mockRestore();
    expect((await login('half-made@example.test', 'the-first-password')).statusCode).toBe(401);
    const again = await register('half-made@example.test');
    expect(again.statusCode).toBe(201);
    expect(await usable((await login('half-made@example.test')).json().token)).toBe(true);
    die(new Error('process died'));
    expect((await doomed).statusCode).toBe(500);
  });

  it('a sign-up that dies right after its event is recorded is a whole account: it signs in, works, and the e-mail is taken', async () => {
    const store = t.app.get(EventStore);
    const append = store.append.bind(store);
    const crash = jest.spyOn(store, 'append').mockImplementationOnce(async (...args) => {
      await append(...args);
      throw new Error('process died after the append');
    });
    expect((await register('whole@example.test')).statusCode).toBe(500);
    crash.mockRestore();
    await caughtUp();
    const signedIn = await login('whole@example.test');
    expect(signedIn.statusCode).toBe(200);
    expect(await usable(signedIn.json().token)).toBe(true);
    expect((await register('Whole@Example.test')).statusCode).toBe(409);
  });

  it('of concurrent sign-ups of one e-mail exactly one succeeds, the rest get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i % 2 ? 'race@example.test' : 'RACE@example.test', `password-number-${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(7).fill(409)]);
    for (const loser of answers.filter((a) => a.statusCode === 409)) expect(loser.json().message).toBe('Email already registered');
    const rows = (await t.app.get(DataSource).query<unknown[]>(`SELECT count(*)::int AS n FROM users WHERE email = 'race@example.test'`));
    expect(rows).toEqual([{ n: 1 }]);
  });
});
