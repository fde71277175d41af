import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { createTestApp, type TestApp } from './support/app.js';
import { caughtUp as waitUntilCaughtUp } from './support/caught-up.js';
import { bearer, createStaff, registerMerchant, registerUser } from './support/auth.js';
import { present } from './support/present.js';

describe('API keys are event-sourced', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const rotate = (token: string, environment: string) => t.request({ method: 'POST', url: `/api/merchants/api-keys/${environment}/rotate`, headers: bearer(token) });
  const client = (key: string, query = '') => t.request({ method: 'GET', url: `/api/client/merchant${query}`, headers: bearer(key) });
  const works = async (key: string) => (await client(key)).statusCode === 200;
  const caughtUp = () => waitUntilCaughtUp(t);

  /** Holds every append to `streamId` until `count` of them have arrived, so they all decide on the same version. */
  function appendBarrier(streamId: string, count: number) {
    const store = t.app.get(EventStore);
    const append = store.append.bind(store);
    let arrived = 0;
    let release!: () => void;
    const all = new Promise<void>((resolve) => (release = resolve));
    return jest.spyOn(store, 'append').mockImplementation(async (stream, events, expected) => {
      if (stream === streamId && arrived < count) {
        if (++arrived === count) release();
        await all;
      }
      return append(stream, events, expected);
    });
  }

  it('of 20 concurrent rotations exactly one wins (201, the only answer with a key), the rest get 409; one key works per environment', async () => {
    const { token, merchant } = await registerMerchant(t);
    const first = { staging: (await rotate(token, 'staging')).json().key as string, production: (await rotate(token, 'production')).json().key as string };
    for (const environment of ['staging', 'production'] as const) {
      const barrier = appendBarrier(`merchant-${merchant.id}`, 20);
      const answers = await Promise.all(Array.from({ length: 20 }, () => rotate(token, environment)));
      barrier.mockRestore();
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
      const keys = answers.flatMap((a) => (a.statusCode === 201 ? [a.json().key as string] : []));
      expect(answers.filter((a) => a.body.includes('sk_'))).toHaveLength(1);
      expect(await works(present(keys[0], 'the one rotated key'))).toBe(true);
      expect(await works(first[environment])).toBe(false);
    }
    const active = (await db.query<unknown[]>(`SELECT environment, count(*)::int AS n FROM api_keys WHERE merchant_id = $1 AND revoked_at IS NULL GROUP BY environment ORDER BY environment`, [merchant.id]));
    expect(active).toEqual([{ environment: 'production', n: 1 }, { environment: 'staging', n: 1 }]);
  });

  it('records id, prefix, environment and hash of the new key and the key it replaces, never the key', async () => {
    const { token, merchant } = await registerMerchant(t);
    const first = (await rotate(token, 'staging')).json().key as string;
    const second = (await rotate(token, 'staging')).json().key as string;
    const rows = (await db.query<{
      type: string;
      data: Record<string, string>;
      text: string;
    }[]>(`SELECT type, data, data::text AS text FROM events WHERE stream_id = $1 AND type LIKE 'ApiKey%' ORDER BY stream_version`, [`merchant-${merchant.id}`]));
    const sha = (key: string) => createHash('sha256').update(key).digest('hex');
    expect(rows.map((r) => [r.type, r.data])).toEqual([
      ['ApiKeyIssued', expect.objectContaining({ environment: 'staging', prefix: 'sk_test_', keyHash: sha(first), keyId: expect.any(String) })],
      ['ApiKeyRotated', expect.objectContaining({ environment: 'staging', prefix: 'sk_test_', keyHash: sha(second), previousKeyId: rows[0]?.data.keyId })],
    ]);
    for (const key of [first, second]) expect(rows.map((r) => r.text).join()).not.toContain(key.slice(8));
  });

  it('a crash right after the rotation was recorded still leaves the rotated-away key refused', async () => {
    const { token, merchant } = await registerMerchant(t);
    const old = (await rotate(token, 'staging')).json().key as string;
    const store = t.app.get(EventStore);
    const append = store.append.bind(store);
    const crash = jest.spyOn(store, 'append').mockImplementationOnce(async (...args) => {
      await append(...args);
      throw new Error('process died after the append');
    });
    expect((await rotate(token, 'staging')).statusCode).toBe(500);
    crash.mockRestore();
    await caughtUp();
    expect(await works(old)).toBe(false);
    const fresh = (await rotate(token, 'staging')).json().key as string;
    expect(await works(fresh)).toBe(true);
    expect((await db.query(`SELECT count(*)::int AS n FROM api_keys WHERE merchant_id = $1 AND revoked_at IS NULL`, [merchant.id]))[0]).toEqual({ n: 1 });
  });

  it('a key acts only in its own environment: sk_test_ in staging, sk_live_ in production', async () => {
    const { token } = await registerMerchant(t);
    const test = (await rotate(token, 'staging')).json().key as string;
    const live = (await rotate(token, 'production')).json().key as string;
    expect((await client(test, '?environment=staging')).statusCode).toBe(200);
    expect((await client(live, '?environment=production')).statusCode).toBe(200);
    const wrong = await client(test, '?environment=production');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/sk_test_ key acts only in staging/);
    expect((await client(live, '?environment=staging')).statusCode).toBe(403);
    // Not an environment at all is the 400 a session gets, not a refusal to act in it.
    for (const named of ['?environment=dev', '?environment=']) {
      const bad = await client(test, named);
      expect([bad.statusCode, bad.json().errors]).toEqual([400, [{ field: 'environment', message: 'Environment must be production or staging' }]]);
    }
    expect((await client(live)).json().credentialEnvironment).toBe('production');
  });

  it('staff cannot create merchants or keys through the merchant endpoints', async () => {
    const staff = await createStaff(t);
    const register = await t.request({ method: 'POST', url: '/api/merchants/register', headers: bearer(staff.token), payload: { companyName: 'Inside Job', email: staff.email, businessType: 'SaaS' } });
    expect(register.statusCode).toBe(403);
    expect((await rotate(staff.token, 'production')).statusCode).toBe(403);
    const staffId = (await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(staff.token) })).json().id as string;
    expect((await db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [`merchant-${staffId}`]))[0]).toEqual({ n: 0 });
  });

  it('refuses session tokens without an expiry', async () => {
    const { user } = await registerUser(t);
    const forever = await new JwtService({ secret: present(t.config.jwtSecret, 'the test JWT secret') }).signAsync({ sub: user.id, pv: 0 }, { algorithm: 'HS256', jwtid: randomUUID() });
    expect(JSON.parse(Buffer.from(present(forever.split('.')[1], 'a JWT payload'), 'base64url').toString())).not.toHaveProperty('exp');
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(forever) })).statusCode).toBe(401);
  });

  it('replay rebuilds api_keys and the credentials identically', async () => {
    const tables = { api_keys: 'SELECT * FROM api_keys ORDER BY id', user_credentials: 'SELECT * FROM user_credentials ORDER BY user_id', users: 'SELECT * FROM users ORDER BY id' };
    const contents = async () => Object.fromEntries(await Promise.all(Object.entries(tables).map(async ([name, sql]) => [name, await db.query(sql)] as const)));
    const before = await contents();
    expect(before.api_keys.length).toBeGreaterThan(8);
    expect(before.api_keys.some((k: { revoked_at: Date | null }) => k.revoked_at)).toBe(true);
    await t.app.get(ProjectionRebuilder).rebuild(['api-keys', 'users']);
    expect(await contents()).toEqual(before);
  });
});
