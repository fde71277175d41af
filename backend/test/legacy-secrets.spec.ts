import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { LegacyCredentialsImport } from '../src/identity/legacy-credentials-import.js';
import { LegacyApiKeysImport } from '../src/merchants/legacy-api-keys-import.js';
import { EventStore, type EventMetadata } from '../src/platform/event-store/event-store.port.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { createTestApp, type TestApp } from './support/app.js';
import { caughtUp as waitUntilCaughtUp } from './support/caught-up.js';
import { bearer, PASSWORD } from './support/auth.js';

/** A database from before secrets travelled in events: v1 events without hashes, secrets in directly-written tables. */
describe('secrets from before keys and credentials were event-sourced', () => {
  let t: TestApp;
  let db: DataSource;
  const userId = randomUUID();
  const email = 'old-timer@example.test';
  const [oldKeyId, currentKeyId] = [randomUUID(), randomUUID()];
  const [oldSecret, currentSecret] = [`sk_test_${'a'.repeat(43)}`, `sk_test_${'b'.repeat(43)}`];
  const sha = (secret: string) => createHash('sha256').update(secret).digest('hex');
  const caughtUp = () => waitUntilCaughtUp(t);
  const client = (secret: string) => t.request({ method: 'GET', url: '/api/client/merchant', headers: bearer(secret) });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    const store = t.app.get(EventStore);
    const v1: EventMetadata = { actor: { type: 'system', id: 'old-release' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
    const at = '2026-01-01T00:00:00.000Z';
    await store.append(`user-${userId}`, [{ type: 'UserRegistered', data: { userId, email, firstName: 'Old', lastName: 'Timer', role: 'merchant', registeredAt: at }, metadata: v1 }], 'no_stream');
    const base = { merchantId: userId, environment: 'staging' };
    await store.append(
      `merchant-${userId}`,
      [
        { type: 'MerchantRegistered', data: { merchantId: userId, ownerUserId: userId, companyName: 'Old Co', email, website: null, businessType: 'SaaS', environment: 'staging', isActive: true, registeredAt: at }, metadata: v1 },
        { type: 'ApiKeyIssued', data: { ...base, keyId: oldKeyId, last4: 'aaaa', issuedAt: at }, metadata: v1 },
        { type: 'ApiKeyRotated', data: { ...base, keyId: currentKeyId, previousKeyId: oldKeyId, last4: 'bbbb', rotatedAt: at }, metadata: v1 },
      ],
      'no_stream',
    );
    const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    await db.query(`INSERT INTO legacy_user_credentials (user_id, email, password_hash) VALUES ($1, $2, $3)`, [userId, email, hash]);
    // The old two-step sign-up's half-made account: credentials stored, UserRegistered never appended.
    await db.query(`INSERT INTO legacy_user_credentials (user_id, email, password_hash) VALUES ($1, 'half-made@example.test', $2)`, [randomUUID(), hash]);
    await db.query(
      `INSERT INTO legacy_api_keys (id, merchant_id, environment, key_hash, last4, created_at, revoked_at) VALUES ($1, $3, 'staging', $4, 'aaaa', $5, $5), ($2, $3, 'staging', $6, 'bbbb', $5, NULL)`,
      [oldKeyId, currentKeyId, userId, sha(oldSecret), at, sha(currentSecret)],
    );
    // What happens at boot; a second boot finds nothing left to import.
    for (let i = 0; i < 2; i++) {
      await t.app.get(LegacyCredentialsImport).onApplicationBootstrap();
      await t.app.get(LegacyApiKeysImport).onApplicationBootstrap();
    }
    await caughtUp();
  });
  afterAll(() => t.close());

  it('old accounts still sign in and their e-mail stays taken', async () => {
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(login.json().token) })).json().id).toBe(userId);
    expect((await t.request({ method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD, firstName: 'A', lastName: 'B' } })).statusCode).toBe(409);
  });

  it("an old half-made sign-up is dropped: its e-mail cannot sign in and is free to register", async () => {
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'half-made@example.test', password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'half-made@example.test', password: PASSWORD, firstName: 'A', lastName: 'B' } })).statusCode).toBe(201);
  });

  it('the old valid key still works, the old revoked one does not, and rotating replaces it', async () => {
    expect((await client(currentSecret)).statusCode).toBe(200);
    expect((await client(oldSecret)).statusCode).toBe(401);
    const token = (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } })).json().token as string;
    const fresh = (await t.request({ method: 'POST', url: '/api/merchants/api-keys/staging/rotate', headers: bearer(token) })).json().key as string;
    expect([(await client(fresh)).statusCode, (await client(currentSecret)).statusCode]).toEqual([200, 401]);
  });

  it('the legacy tables are emptied into events, and replay rebuilds the same tables from them', async () => {
    expect(await db.query(`SELECT (SELECT count(*) FROM legacy_user_credentials)::int AS credentials, (SELECT count(*) FROM legacy_api_keys)::int AS keys`)).toEqual([{ credentials: 0, keys: 0 }]);
    const contents = async () => [await db.query(`SELECT * FROM api_keys ORDER BY id`), await db.query(`SELECT * FROM user_credentials ORDER BY user_id`)];
    const before = await contents();
    await t.app.get(ProjectionRebuilder).rebuild(['api-keys', 'users']);
    expect(await contents()).toEqual(before);
  });
});
