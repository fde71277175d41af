import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentEvent } from '../payments/index.js';
import { PaymentHistories, type PaymentHistory } from './payment-history.js';
import type { Caller, Page } from './payment-intents.queries.js';
import { StripeApiError } from './stripe-errors.js';
import { eventIdOf, stripeIds } from './stripe-ids.js';
import { toCharge, toPaymentIntent, unix } from './stripe-objects.js';

/** Our payment events that Stripe has a name for; the others (attempts, refund requests) are internal steps. */
const STRIPE_TYPES = {
  PaymentCreated: 'payment_intent.created',
  PaymentRequiresAction: 'payment_intent.requires_action',
  PaymentCompleted: 'payment_intent.succeeded',
  PaymentFailed: 'payment_intent.payment_failed',
  PaymentCanceled: 'payment_intent.canceled',
  RefundCompleted: 'charge.refunded',
} as const satisfies Partial<Record<PaymentEvent['type'], string>>;
type Mapped = keyof typeof STRIPE_TYPES;
const OURS = Object.keys(STRIPE_TYPES) as Mapped[];

interface Row {
  global_position: string;
  event_id: string;
  stream_id: string;
  type: Mapped;
  recorded_at: Date;
}

/**
 * Stripe's Events straight from our event log: the payment events of the key's merchant and
 * environment (found through the payments read model, whose rows name them), newest first, each with
 * its payment as it was right after it, replayed from the payment's stream.
 */
@Injectable()
export class StripeEvents {
  constructor(
    private readonly db: DataSource,
    private readonly histories: PaymentHistories,
  ) {}

  async list(caller: Caller, page: Page & { type?: string | undefined }) {
    const types = page.type ? OURS.filter((ours) => STRIPE_TYPES[ours] === page.type) : OURS;
    const before = page.ending_before ? await this.row(caller, page.ending_before, 'ending_before') : undefined;
    const after = !before && page.starting_after ? await this.row(caller, page.starting_after, 'starting_after') : undefined;
    const params: unknown[] = [caller.merchantId, caller.environment, types, page.limit + 1];
    let where = '';
    if (before || after) {
      params.push((before ?? after)!.global_position);
      where = `AND e.global_position ${before ? '>' : '<'} $5`;
    }
    const rows = await this.db.query<Row[]>(
      `${SELECT} WHERE p.merchant_id = $1 AND p.environment = $2 AND e.type = ANY($3) ${where}
       ORDER BY e.global_position ${before ? 'ASC' : 'DESC'} LIMIT $4`,
      params,
    );
    const data = rows.slice(0, page.limit);
    if (before) data.reverse();
    return { data: await this.toEvents(caller, data), hasMore: rows.length > page.limit };
  }

  async get(caller: Caller, id: string) {
    const [event] = await this.toEvents(caller, [await this.row(caller, id, 'id')]);
    return event!;
  }

  private async row(caller: Caller, id: string, param: string): Promise<Row> {
    const rows = await this.db.query<Row[]>(`${SELECT} WHERE e.event_id = $1 AND p.merchant_id = $2 AND p.environment = $3 AND e.type = ANY($4)`, [
      eventIdOf(id),
      caller.merchantId,
      caller.environment,
      OURS,
    ]);
    if (!rows[0]) throw StripeApiError.invalid(`No such event: '${id.slice(0, 100)}'`, 'resource_missing', param, 404);
    return rows[0];
  }

  /** Each payment's stream is read once per page. */
  private async toEvents(caller: Caller, rows: Row[]) {
    const histories = new Map<string, Promise<PaymentHistory | undefined>>();
    return Promise.all(
      rows.map(async (row) => {
        const paymentId = row.stream_id.slice('payment-'.length);
        if (!histories.has(paymentId)) histories.set(paymentId, this.histories.of(caller, paymentId));
        const history = await histories.get(paymentId);
        const view = history?.asOf(BigInt(row.global_position));
        if (!view) throw new Error(`Payment ${paymentId} has event ${row.event_id} but no history`);
        return {
          id: stripeIds.event(row.event_id),
          object: 'event' as const,
          type: STRIPE_TYPES[row.type],
          created: unix(row.recorded_at),
          livemode: caller.environment === 'production',
          api_version: null,
          pending_webhooks: 0,
          data: { object: row.type === 'RefundCompleted' ? toCharge(view) : toPaymentIntent(view) },
        };
      }),
    );
  }
}

/** The events table of the PostgreSQL event store, joined to the payments read model for the merchant. */
const SELECT = `SELECT e.global_position, e.event_id, e.stream_id, e.type, e.recorded_at FROM events e JOIN payments p ON e.stream_id = 'payment-' || p.id`;
