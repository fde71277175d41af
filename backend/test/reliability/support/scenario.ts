import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from '../../../src/platform/event-store/upcasting.js';
import { DatabasePool } from '../../../src/platform/database/database-pool.js';
import { createMigratedDatabase } from '../../support/postgres-store.js';
import { HttpReceiver } from '../../support/http-receiver.js';
import { appEnvironment, type AppProcess } from './app-process.js';
import type { Merchant } from './write-load.js';

/** A migrated database, a data directory, a webhook receiver and the environment of the app processes. */
export async function createScenario() {
  const { database, pool } = await createMigratedDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'tallyline-reliability-'));
  const receiver = await HttpReceiver.start();
  const db = new DatabasePool({ connectionString: database.url, max: 4 });
  const apps: AppProcess[] = [];
  return {
    database,
    db,
    receiver,
    env: appEnvironment(database.url, dataDir),
    /** Remembers an app process so `dispose` kills it whatever happened. */
    track(app: AppProcess): AppProcess {
      apps.push(app);
      return app;
    },
    seedExpiredCryptoPayments: (merchants: Merchant[], count: number) => seedExpiredCryptoPayments(pool, merchants, count),
    async dispose() {
      for (const app of apps) await app.kill();
      await receiver.close();
      await db.end();
      await pool.end();
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/**
 * Pending crypto payments whose quote ran out an hour ago, appended to the log as another writer
 * would: the app's expiry pass (every 10 s) expires them while the test does its worst.
 */
async function seedExpiredCryptoPayments(pool: DatabasePool, merchants: Merchant[], count: number): Promise<string[]> {
  const store = new PostgresEventStore(pool, new UpcasterRegistry());
  const ids: string[] = [];
  const created = new Date(Date.now() - 2 * 3_600_000);
  for (let i = 0; i < count; i++) {
    const paymentId = randomUUID();
    const merchant = merchants[i % merchants.length]!;
    const data = {
      paymentId,
      merchantId: merchant.id,
      environment: 'staging',
      amountMinor: 2500,
      currency: 'EUR',
      targetCrypto: 'BTC',
      cryptoAmount: '0.00050000',
      exchangeRate: '50000.00',
      rateFetchedAt: created.toISOString(),
      customerEmail: 'late@example.com',
      customerName: null,
      orderId: `late-${i}`,
      providerPaymentId: `prov-${paymentId}`,
      address: `bc1q${paymentId.replaceAll('-', '').slice(0, 30)}`,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + 15 * 60_000).toISOString(),
    };
    const metadata = { actor: { type: 'system' as const, id: 'reliability-test' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
    await store.append(`crypto_payment-${paymentId}`, [{ type: 'CryptoPaymentCreated', data, metadata }], 'no_stream');
    ids.push(paymentId);
  }
  await store.close();
  return ids;
}
