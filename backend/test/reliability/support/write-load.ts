import { createHash, randomUUID } from 'node:crypto';
import { longForm } from '../../support/onboarding.js';
import { CARDS } from '../../support/payments.js';
import { call, must, type Answer } from './http.js';
import { STAFF } from './app-process.js';
import type { HttpReceiver } from '../../support/http-receiver.js';

export interface Merchant {
  id: string;
  token: string;
  endpointId: string;
}

export interface Fixture {
  staffToken: string;
  merchants: Merchant[];
  /** Applications waiting for a staff review, taken by the load one at a time. */
  applications: string[];
}

/** What the app acknowledged (a 2xx answer): each must be in the log exactly once. */
export interface Ledger {
  signUps: string[];
  created: string[];
  paid: string[];
  refunded: string[];
  cryptoCreated: string[];
  reviews: { applicationId: string; to: string }[];
  /** sha256 of every key a rotation answered with. */
  keyHashes: string[];
  /** Answers by status, e.g. { 201: 40, 409: 2 }. Network errors count under 0. */
  statuses: Record<number, number>;
  /** 5xx answers other than 503, with their route: each is a bug. */
  serverErrors: string[];
}

const PAYMENT = { currency: 'GBP', customerEmail: 'load@example.com', customerName: 'Load Test', paymentMethod: 'credit_card', environment: 'staging' };

/** Staff, merchants with a webhook endpoint each on `receiver`, and applications to review. */
export async function setUp(base: string, receiver: HttpReceiver, counts = { merchants: 3, applications: 12 }): Promise<Fixture> {
  const staffToken = (await must(200, base, 'POST', '/api/auth/login', { body: STAFF })).json<{ token: string }>().token;
  const merchants: Merchant[] = [];
  for (let i = 0; i < counts.merchants; i++) {
    const email = `merchant-${randomUUID()}@reliability.test`;
    const { token } = (await must(201, base, 'POST', '/api/auth/register', { body: { email, password: 'correct-horse-battery', firstName: 'Ada', lastName: 'Lovelace' } })).json<{ token: string }>();
    const merchant = (await must(201, base, 'POST', '/api/merchants/register', { token, body: { companyName: `Load ${i}`, email, website: 'https://load.example', businessType: 'SaaS' } })).json<{ id: string }>();
    const endpoint = await must(201, base, 'POST', '/api/webhook-endpoints', { token, body: { url: receiver.url(`/m/${merchant.id}`) } });
    merchants.push({ id: merchant.id, token, endpointId: endpoint.json<{ id: string }>().id });
  }
  const applications: string[] = [];
  for (let i = 0; i < counts.applications; i++) applications.push((await must(201, base, 'POST', '/api/merchant-applications', { body: longForm() })).json<{ id: string }>().id);
  return { staffToken, merchants, applications };
}

/**
 * Writers that keep the app busy with every kind of command until stopped: checkouts (create, pay
 * with the sandbox's approving card, refund), sign-ups, staff reviews, API-key rotations and crypto
 * payments. `base()` says where to send each request (it may change: a restart, a second instance).
 */
export function startLoad(base: () => string, fixture: Fixture, writers = 6) {
  const ledger: Ledger = { signUps: [], created: [], paid: [], refunded: [], cryptoCreated: [], reviews: [], keyHashes: [], statuses: {}, serverErrors: [] };
  let running = true;
  const send = async (method: string, path: string, options: Parameters<typeof call>[3] = {}): Promise<Answer | undefined> => {
    try {
      const res = await call(base(), method, path, options);
      ledger.statuses[res.status] = (ledger.statuses[res.status] ?? 0) + 1;
      if (res.status >= 500 && res.status !== 503) ledger.serverErrors.push(`${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${res.status} ${res.body.slice(0, 200)}`);
      return res;
    } catch {
      ledger.statuses[0] = (ledger.statuses[0] ?? 0) + 1;
      return undefined;
    }
  };
  const ok = (res: Answer | undefined) => res !== undefined && res.status >= 200 && res.status < 300;

  const operations: (() => Promise<void>)[] = [
    async function checkout() {
      const merchant = fixture.merchants[Math.floor(Math.random() * fixture.merchants.length)]!;
      const created = await send('POST', '/api/client/payments', { token: merchant.token, body: { ...PAYMENT, amount: 1000 + Math.floor(Math.random() * 9000), orderId: randomUUID() } });
      if (!ok(created)) return;
      const id = created!.json<{ id: string }>().id;
      ledger.created.push(id);
      const card = await send('POST', '/api/sandbox-gateway/tokens', { body: { cardNumber: CARDS.approve, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } });
      if (!ok(card)) return;
      const paid = await send('POST', `/api/checkout/${id}/pay`, { body: { token: card!.json<{ token: string }>().token } });
      if (!ok(paid) || paid!.json<{ status: string }>().status !== 'completed') return;
      ledger.paid.push(id);
      if (Math.random() < 0.5) return;
      if (ok(await send('POST', `/api/transactions/${id}/refund`, { token: merchant.token }))) ledger.refunded.push(id);
    },
    async function signUp() {
      const res = await send('POST', '/api/auth/register', { body: { email: `user-${randomUUID()}@reliability.test`, password: 'correct-horse-battery', firstName: 'Grace', lastName: 'Hopper' } });
      if (ok(res)) ledger.signUps.push(res!.json<{ user: { id: string } }>().user.id);
    },
    async function review() {
      const applicationId = fixture.applications.shift();
      if (!applicationId) return;
      for (const to of ['under_review', Math.random() < 0.5 ? 'approved' : 'rejected']) {
        const res = await send('PATCH', `/api/admin/merchant-applications/${applicationId}/status`, { token: fixture.staffToken, body: { status: to } });
        // Unanswered (the app is down): the staff member tries again later, whatever became of it.
        if (res === undefined) fixture.applications.push(applicationId);
        if (!ok(res)) return;
        ledger.reviews.push({ applicationId, to });
      }
    },
    async function rotateKey() {
      const merchant = fixture.merchants[Math.floor(Math.random() * fixture.merchants.length)]!;
      const res = await send('POST', '/api/merchants/api-keys/staging/rotate', { token: merchant.token });
      if (ok(res)) ledger.keyHashes.push(createHash('sha256').update(res!.json<{ key: string }>().key).digest('hex'));
    },
    async function cryptoPayment() {
      const merchant = fixture.merchants[Math.floor(Math.random() * fixture.merchants.length)]!;
      const body = { amount: 25, currency: 'EUR', targetCrypto: 'BTC', customerEmail: 'load@example.com', environment: 'staging', orderId: randomUUID() };
      const res = await send('POST', '/api/crypto-payments/create', { token: merchant.token, body });
      if (ok(res)) ledger.cryptoCreated.push(res!.json<{ payment: { id: string } }>().payment.id);
    },
  ];

  const writer = async (offset: number) => {
    for (let i = offset; running; i++) {
      await operations[i % operations.length]!();
      // Refused connections come back at once: do not spin while the app is down.
      if (ledger.statuses[0]) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, i) => writer(i)));
  return {
    ledger,
    /** How many commands have been acknowledged so far. */
    acknowledged: () => ledger.signUps.length + ledger.created.length + ledger.paid.length + ledger.refunded.length + ledger.cryptoCreated.length + ledger.reviews.length + ledger.keyHashes.length,
    async stop(): Promise<Ledger> {
      running = false;
      await done;
      return ledger;
    },
  };
}
