import pg from 'pg';
import type { HttpReceiver } from '../../support/http-receiver.js';
import { WEBHOOK_SOURCES } from '../../../src/webhooks/outbox/webhook-messages.js';
import { runReplay } from './app-process.js';
import { waitUntil } from './http.js';
import type { Ledger } from './write-load.js';

/** Each acknowledged command's event, found how many times in the log (must be 1 each). */
export async function acknowledgedEventCounts(db: pg.Pool, ledger: Ledger): Promise<Record<string, number[]>> {
  const count = async (sql: string, ids: string[]) => (await db.query<{ n: number }>(sql, [ids])).rows.map((row) => row.n);
  const perStream = (stream: string, type: string) =>
    `SELECT (SELECT count(*)::int FROM events e WHERE e.stream_id = '${stream}-' || id AND e.type = '${type}') AS n FROM unnest($1::text[]) AS id`;
  return {
    UserRegistered: await count(perStream('user', 'UserRegistered'), ledger.signUps),
    PaymentCreated: await count(perStream('payment', 'PaymentCreated'), ledger.created),
    PaymentCompleted: await count(perStream('payment', 'PaymentCompleted'), ledger.paid),
    RefundCompleted: await count(perStream('payment', 'RefundCompleted'), ledger.refunded),
    CryptoPaymentCreated: await count(perStream('crypto_payment', 'CryptoPaymentCreated'), ledger.cryptoCreated),
    // A merchant's first key is issued, the next ones rotate it.
    ApiKeyIssuedOrRotated: await count(`SELECT (SELECT count(*)::int FROM events e WHERE e.type IN ('ApiKeyIssued', 'ApiKeyRotated') AND e.data->>'keyHash' = h) AS n FROM unnest($1::text[]) AS h`, ledger.keyHashes),
    StatusChanged: (
      await db.query<{ n: number }>(
        `SELECT (SELECT count(*)::int FROM events e WHERE e.stream_id = 'application-' || (r->>'applicationId') AND e.type = 'StatusChanged' AND e.data->>'to' = (r->>'to')) AS n
           FROM jsonb_array_elements($1::jsonb) AS r`,
        [JSON.stringify(ledger.reviews)],
      )
    ).rows.map((row) => row.n),
  };
}

/** Events that may appear at most once per stream, and the streams where one appears more often. */
export async function doubledEvents(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ stream_id: string; type: string; n: number }>(
    `SELECT stream_id, type, count(*)::int AS n FROM events
      WHERE type IN ('UserRegistered', 'MerchantRegistered', 'PaymentCreated', 'PaymentCompleted', 'CryptoPaymentCreated', 'CryptoPaymentExpired', 'ApplicationSubmitted')
      GROUP BY 1, 2 HAVING count(*) > 1`,
  );
  return rows.map((row) => `${row.stream_id} ${row.type} ×${row.n}`);
}

/** Every processor (projections and reactors) has reached the head of the log. */
export async function caughtUp(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query<{ behind: number }>(
    `SELECT count(*)::int AS behind FROM processor_checkpoints WHERE position < (SELECT coalesce(max(global_position), 0) FROM events)`,
  );
  return rows[0]!.behind === 0;
}

/** The projections' tables, from `npm run replay -- --list`'s metadata: every row, as text, sorted. */
async function snapshot(db: pg.Pool, tables: string[]): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) result[table] = (await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`)).rows.map((r) => r.row);
  return result;
}

/**
 * The read models now, and after `npm run replay` rebuilt them from the first event: equal when no
 * event was applied twice or skipped. Call once the log is quiet and every processor caught up.
 */
export async function readModelsAndReplay(db: pg.Pool, env: NodeJS.ProcessEnv): Promise<{ live: Record<string, string[]>; replayed: Record<string, string[]> }> {
  const tables = await projectionTables(env);
  const live = await snapshot(db, tables);
  await runReplay(env);
  return { live, replayed: await snapshot(db, tables) };
}

/** Every projection's tables, as `npm run replay -- --list` names them (`payments  (payments, gateway_calls)`). */
async function projectionTables(env: NodeJS.ProcessEnv): Promise<string[]> {
  const listed = (await runReplay(env, ['--list'])).split('\n').flatMap((line) => /^[\w-]+ {2}\((.*)\)$/.exec(line.trim())?.[1]?.split(', ') ?? []);
  const tables = listed.filter(Boolean);
  if (!tables.includes('payments') || !tables.includes('merchants')) throw new Error(`unexpected projection list: ${tables.join(', ')}`);
  return tables;
}

/**
 * The webhook-id every webhook event owes each endpoint that takes it: the outbox derives it from
 * event and endpoint (webhook-outbox.ts), so it can be computed from the log alone.
 */
export async function expectedWebhookIds(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ webhook_id: string }>(
    `SELECT 'msg_' || substr(encode(sha256(convert_to(e.event_id::text || ':' || w.id::text, 'UTF8')), 'hex'), 1, 32) AS webhook_id
       FROM events e
       JOIN events c ON c.stream_id = e.stream_id AND c.type IN ('PaymentCreated', 'CryptoPaymentCreated')
       JOIN webhook_endpoints w ON w.merchant_id = (c.data->>'merchantId')::uuid AND w.environment = c.data->>'environment'
      WHERE e.type = ANY($1) ORDER BY 1`,
    [Object.keys(WEBHOOK_SOURCES)],
  );
  return rows.map((row) => row.webhook_id);
}

/**
 * Waits until the receiver got every webhook the log owes (the outbox lost none), then says what
 * is wrong: ids never received, outbox rows missing or not delivered, one message under two ids.
 */
export async function webhookProblems(db: pg.Pool, receiver: HttpReceiver): Promise<string[]> {
  const expected = await expectedWebhookIds(db);
  const received = () => new Set(receiver.received.map((hook) => String(hook.headers['webhook-id'])));
  await waitUntil('every webhook to be delivered', () => expected.every((id) => received().has(id)), 180_000).catch(() => undefined);
  const got = received();
  const problems = expected.filter((id) => !got.has(id)).map((id) => `never received ${id}`);
  const outbox = await db.query<{ webhook_id: string; status: string }>(`SELECT webhook_id, status FROM webhook_deliveries WHERE webhook_id = ANY($1)`, [expected]);
  if (outbox.rowCount !== expected.length) problems.push(`outbox holds ${outbox.rowCount} of the ${expected.length} deliveries owed`);
  problems.push(...outbox.rows.filter((row) => row.status !== 'delivered').map((row) => `${row.webhook_id} is ${row.status}`));
  // A message sent again (after a crash cut its attempt off) carries the id it had the first time.
  const idsByBody = new Map<string, Set<string>>();
  for (const hook of receiver.received) idsByBody.set(hook.body, (idsByBody.get(hook.body) ?? new Set()).add(String(hook.headers['webhook-id'])));
  for (const [body, ids] of idsByBody) if (ids.size > 1) problems.push(`one message under ${ids.size} webhook-ids: ${body.slice(0, 120)}`);
  return problems;
}
