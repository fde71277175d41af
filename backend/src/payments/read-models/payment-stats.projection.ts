import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { isPaymentEvent, type PaymentEvent } from '../payment.events.js';
import { PaymentStatFacts } from './payment-stats.entity.js';

interface Increments {
  attempted?: number;
  completed?: number;
  failed?: number;
  completedMinor?: string;
  refundedMinor?: string;
}

/**
 * Adds to a (merchant, environment, currency) counter row in the event's transaction: the runner's
 * checkpoint commits with it, so each event is counted exactly once.
 */
async function add(manager: EntityManager, facts: PaymentStatFacts, inc: Increments): Promise<void> {
  await manager.query(
    `INSERT INTO payment_stats AS s (merchant_id, environment, currency, attempted, completed, failed, completed_minor, refunded_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_id, environment, currency) DO UPDATE SET
       attempted = s.attempted + EXCLUDED.attempted,
       completed = s.completed + EXCLUDED.completed,
       failed = s.failed + EXCLUDED.failed,
       completed_minor = s.completed_minor + EXCLUDED.completed_minor,
       refunded_minor = s.refunded_minor + EXCLUDED.refunded_minor`,
    [facts.merchantId, facts.environment, facts.currency, inc.attempted ?? 0, inc.completed ?? 0, inc.failed ?? 0, inc.completedMinor ?? '0', inc.refundedMinor ?? '0'],
  );
}

interface DailyIncrements {
  created?: number;
  completed?: number;
  completedMinor?: string;
  refundedMinor?: string;
}

/** Adds to the row of the payment's day, merchant, environment, currency, method and country. */
async function addDaily(manager: EntityManager, facts: PaymentStatFacts, inc: DailyIncrements): Promise<void> {
  await manager.query(
    `INSERT INTO payment_daily_stats AS d (merchant_id, environment, day, currency, payment_method, country, created, completed, completed_minor, refunded_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (merchant_id, environment, day, currency, payment_method, country) DO UPDATE SET
       created = d.created + EXCLUDED.created,
       completed = d.completed + EXCLUDED.completed,
       completed_minor = d.completed_minor + EXCLUDED.completed_minor,
       refunded_minor = d.refunded_minor + EXCLUDED.refunded_minor`,
    [facts.merchantId, facts.environment, facts.day, facts.currency, facts.paymentMethod, facts.customerCountry, inc.created ?? 0, inc.completed ?? 0, inc.completedMinor ?? '0', inc.refundedMinor ?? '0'],
  );
}

/**
 * The dashboard's stats and analytics: counters per merchant, environment and currency, and a daily
 * rollup by the payment's creation day, fed by payment events.
 */
@AsProcessor()
@Injectable()
export class PaymentStatsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'payment-stats';
  readonly tables = ['payment_stat_facts', 'payment_stats', 'payment_daily_stats'];
  readonly handles = ['PaymentCreated', 'PaymentAttempted', 'PaymentCompleted', 'PaymentFailed', 'RefundCompleted'] satisfies PaymentEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isPaymentEvent(stored)) return;
    if (stored.type === 'PaymentCreated') {
      const { paymentId, merchantId, environment, currency, paymentMethod, amountMinor, customerCountry, createdAt } = stored.data;
      const facts = { paymentId, merchantId, environment, currency, paymentMethod, amountMinor: amountMinor.toString(), day: createdAt.slice(0, 10), customerCountry: customerCountry ?? '', attempted: false, completed: false };
      await manager.upsert(PaymentStatFacts, facts, ['paymentId']);
      await addDaily(manager, facts, { created: 1 });
      return;
    }
    const facts = await manager.findOneBy(PaymentStatFacts, { paymentId: stored.data.paymentId });
    if (!facts) return;
    switch (stored.type) {
      case 'PaymentAttempted':
        // A retry after a decline is the same transaction: counted once.
        if (facts.attempted) return;
        await manager.update(PaymentStatFacts, { paymentId: facts.paymentId }, { attempted: true });
        await add(manager, facts, { attempted: 1 });
        return;
      case 'PaymentCompleted':
        if (facts.completed) return;
        await manager.update(PaymentStatFacts, { paymentId: facts.paymentId }, { completed: true });
        await add(manager, facts, { completed: 1, completedMinor: facts.amountMinor });
        await addDaily(manager, facts, { completed: 1, completedMinor: facts.amountMinor });
        return;
      case 'PaymentFailed':
        await add(manager, facts, { failed: 1 });
        return;
      case 'RefundCompleted':
        await add(manager, facts, { refundedMinor: stored.data.amountMinor.toString() });
        await addDaily(manager, facts, { refundedMinor: stored.data.amountMinor.toString() });
        return;
      default:
        return;
    }
  }

  /** A replay applies events one by one through the same code: the counters cannot drift from the live path. */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) await this.handle(event, manager);
  }
}
