/**
 * The baseline for bench:payments-create: a bare Fastify route doing one INSERT of a payment row
 * with `pg`, nothing else (no auth, no validation, no events, no projection). Its table copies the
 * app's `payments` table with its indexes, so the row and its index upkeep are the same.
 * Started by payments-create.ts with DATABASE_URL and PORT.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { DatabasePool } from '@tallyline/backend/platform/database/database-pool';

interface Body {
  amount: number;
  currency: string;
  customerEmail: string;
  customerName: string;
  orderId: string;
  paymentMethod: string;
  environment: string;
  description?: string;
  returnUrl?: string;
}

async function main(): Promise<void> {
  // The app's pool size (DB_POOL_MAX, default 10).
  const pool = new DatabasePool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
  await pool.query('CREATE TABLE IF NOT EXISTS bare_payments (LIKE payments INCLUDING ALL)');
  const app = Fastify({ logger: false });
  app.get('/health', () => ({ status: 'ok' }));
  app.post<{ Body: Body }>('/payments', async (request, reply) => {
    const b = request.body;
    const { rows } = await pool.query<{ id: string; created_at: Date }>(
      `INSERT INTO bare_payments (id, merchant_id, environment, amount_minor, currency, status, payment_method, customer_email,
         customer_name, order_id, description, return_url, created_at, updated_at, position)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11, now(), now(), 0) RETURNING id, created_at`,
      [randomUUID(), randomUUID(), b.environment, b.amount, b.currency.toUpperCase(), b.paymentMethod, b.customerEmail, b.customerName, b.orderId, b.description ?? null, b.returnUrl ?? null],
    );
    const row = rows[0]!; // INSERT … RETURNING answers the one row
    return reply.code(201).send({ id: row.id, ...b, status: 'pending', createdAt: row.created_at });
  });
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
