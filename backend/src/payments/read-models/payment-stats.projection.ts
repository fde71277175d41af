import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { isPaymentEvent, type PaymentEvent } from '../payment.events.js';
import { addRows, writeRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { PaymentDailyStatsView, PaymentStatFacts, PaymentStatsView } from './payment-stats.entity.js';

type Totals = PaymentStatsView;
type Daily = PaymentDailyStatsView;

/**
 * One chunk's effect on the counters, added up in memory (money as bigint minor units): what the
 * chunk's events add to each (merchant, environment, currency) row and to each daily row.
 */
class Increments {
  readonly totals = new Map<string, Totals>();
  readonly daily = new Map<string, Daily>();

  total(facts: PaymentStatFacts, inc: { attempted?: number; completed?: number; failed?: number; completedMinor?: string; refundedMinor?: string; disputedMinor?: string }): void {
    const key = `${facts.merchantId}|${facts.environment}|${facts.currency}`;
    const row = this.totals.get(key) ?? {
      merchantId: facts.merchantId,
      environment: facts.environment,
      currency: facts.currency,
      attempted: 0,
      completed: 0,
      failed: 0,
      completedMinor: '0',
      refundedMinor: '0',
      disputedMinor: '0',
    };
    this.totals.set(key, {
      ...row,
      attempted: row.attempted + (inc.attempted ?? 0),
      completed: row.completed + (inc.completed ?? 0),
      failed: row.failed + (inc.failed ?? 0),
      completedMinor: plus(row.completedMinor, inc.completedMinor),
      refundedMinor: plus(row.refundedMinor, inc.refundedMinor),
      disputedMinor: plus(row.disputedMinor, inc.disputedMinor),
    });
  }

  day(facts: PaymentStatFacts, inc: { created?: number; attempted?: number; completed?: number; completedMinor?: string; refundedMinor?: string; disputedMinor?: string }): void {
    const key = `${facts.merchantId}|${facts.environment}|${facts.day}|${facts.currency}|${facts.paymentMethod}|${facts.customerCountry}`;
    const row = this.daily.get(key) ?? {
      merchantId: facts.merchantId,
      environment: facts.environment,
      day: facts.day,
      currency: facts.currency,
      paymentMethod: facts.paymentMethod,
      country: facts.customerCountry,
      created: 0,
      attempted: 0,
      completed: 0,
      completedMinor: '0',
      refundedMinor: '0',
      disputedMinor: '0',
    };
    this.daily.set(key, {
      ...row,
      created: row.created + (inc.created ?? 0),
      attempted: row.attempted + (inc.attempted ?? 0),
      completed: row.completed + (inc.completed ?? 0),
      completedMinor: plus(row.completedMinor, inc.completedMinor),
      refundedMinor: plus(row.refundedMinor, inc.refundedMinor),
      disputedMinor: plus(row.disputedMinor, inc.disputedMinor),
    });
  }

  /** Totals and the payment's day change together: money withdrawn counts on the payment's creation day, as its completion does. */
  both(facts: PaymentStatFacts, inc: { refundedMinor?: string; disputedMinor?: string }): void {
    this.total(facts, inc);
    this.day(facts, inc);
  }
}

const plus = (minor: string, more = '0') => (BigInt(minor) + BigInt(more)).toString();
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * What a payment's dispute withdraws from revenue: the disputed amount, but never more than its
 * completed refunds left (the gateway disputes the whole sale, even one partly refunded). A refund
 * that was already in flight when the dispute opened and completes after it shrinks the withdrawal
 * the same way, so a payment never counts below zero.
 */
const disputeWithdrawal = (facts: PaymentStatFacts, disputedMinor: bigint, refundedMinor: bigint) =>
  min(disputedMinor, BigInt(facts.amountMinor) - min(refundedMinor, BigInt(facts.amountMinor)));

/** The facts of payments created before the chunk; the day as text, as PaymentCreated gives it (pg would make it a local Date). */
async function factsOf(manager: EntityManager, paymentIds: readonly string[]): Promise<PaymentStatFacts[]> {
  if (paymentIds.length === 0) return [];
  return manager.query<PaymentStatFacts[]>(
    `SELECT payment_id AS "paymentId", merchant_id AS "merchantId", environment, currency, payment_method AS "paymentMethod",
            amount_minor::text AS "amountMinor", day::text AS day, customer_country AS "customerCountry", attempted, completed,
            refunded_minor::text AS "refundedMinor", disputed_minor::text AS "disputedMinor"
       FROM payment_stat_facts WHERE payment_id = ANY($1::uuid[])`,
    [paymentIds],
  );
}

/**
 * The dashboard's stats and analytics: counters per merchant, environment and currency, and a daily
 * rollup by the payment's creation day, fed by payment events. Revenue is completed minus refunded minus
 * disputed: a dispute withdraws the money when it opens, as Stripe does. Each event's increments commit with
 * the runner's checkpoint, so each is counted exactly once.
 */
@AsProcessor()
@Injectable()
export class PaymentStatsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'payment-stats';
  readonly tables = ['payment_stat_facts', 'payment_stats', 'payment_daily_stats'];
  readonly handles = ['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'PaymentFailed', 'RefundCompleted', 'DisputeOpened'] satisfies PaymentEvent['type'][];

  // One event is a chunk of one: live and replay share the same fold.
  handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    return this.rebuildChunk([stored], manager);
  }

  /** A live batch as a replay's chunk: a few statements for all its events instead of some per event. */
  handleBatch(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    return this.rebuildChunk(events, manager);
  }

  /** The chunk folded in memory: the facts it touches loaded once, then three statements write it all. */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const payments = events.filter(isPaymentEvent);
    const created = new Set(payments.filter((e) => e.type === 'PaymentCreated').map((e) => e.data.paymentId));
    const facts = new Map<string, PaymentStatFacts>();
    const earlier = [...new Set(payments.map((e) => e.data.paymentId).filter((id) => !created.has(id)))];
    for (const row of await factsOf(manager, earlier)) facts.set(row.paymentId, row);
    const changed = new Set<string>();
    const inc = new Increments();
    for (const stored of payments) {
      const { paymentId } = stored.data;
      if (stored.type === 'PaymentCreated') {
        const { merchantId, environment, currency, paymentMethod, amountMinor, customerCountry, createdAt } = stored.data;
        const fresh = { paymentId, merchantId, environment, currency, paymentMethod, amountMinor: amountMinor.toString(), day: createdAt.slice(0, 10), customerCountry: customerCountry ?? '', attempted: false, completed: false, refundedMinor: '0', disputedMinor: '0' };
        facts.set(paymentId, fresh);
        changed.add(paymentId);
        inc.day(fresh, { created: 1 });
        continue;
      }
      const known = facts.get(paymentId);
      if (!known) continue;
      switch (stored.type) {
        case 'PaymentAttempted':
          // A retry after a decline is the same transaction: counted once.
          if (known.attempted) break;
          facts.set(paymentId, { ...known, attempted: true });
          changed.add(paymentId);
          inc.total(known, { attempted: 1 });
          inc.day(known, { attempted: 1 });
          break;
        case 'PaymentCompleted':
          if (known.completed) break;
          facts.set(paymentId, { ...known, completed: true });
          changed.add(paymentId);
          inc.total(known, { completed: 1, completedMinor: known.amountMinor });
          inc.day(known, { completed: 1, completedMinor: known.amountMinor });
          break;
        case 'PaymentFailed':
          inc.total(known, { failed: 1 });
          break;
        case 'RefundCompleted': {
          const refundedMinor = BigInt(known.refundedMinor) + BigInt(stored.data.amountMinor);
          const disputedMinor = disputeWithdrawal(known, BigInt(known.disputedMinor), refundedMinor);
          facts.set(paymentId, { ...known, refundedMinor: refundedMinor.toString(), disputedMinor: disputedMinor.toString() });
          changed.add(paymentId);
          inc.both(known, { refundedMinor: stored.data.amountMinor.toString(), disputedMinor: (disputedMinor - BigInt(known.disputedMinor)).toString() });
          break;
        }
        case 'DisputeOpened': {
          // The decider records one dispute per payment, on money that was taken.
          if (!known.completed) break;
          const disputedMinor = disputeWithdrawal(known, BigInt(stored.data.amountMinor), BigInt(known.refundedMinor));
          facts.set(paymentId, { ...known, disputedMinor: disputedMinor.toString() });
          changed.add(paymentId);
          inc.both(known, { disputedMinor: (disputedMinor - BigInt(known.disputedMinor)).toString() });
          break;
        }
        default:
          break;
      }
    }
    await writeRows(manager, PaymentStatFacts, [...changed].map((id) => facts.get(id)!), 'update');
    await addRows(manager, PaymentStatsView, [...inc.totals.values()], ['attempted', 'completed', 'failed', 'completedMinor', 'refundedMinor', 'disputedMinor']);
    await addRows(manager, PaymentDailyStatsView, [...inc.daily.values()], ['created', 'attempted', 'completed', 'completedMinor', 'refundedMinor', 'disputedMinor']);
  }
}
