import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PaymentHistories, type PaymentHistory } from './payment-history.js';
import type { Caller, Page } from './payment-intents.queries.js';
import { StripeEventView } from './read-models/stripe-event.entity.js';
import { StripeApiError } from './stripe-errors.js';
import { paymentAsOf, toStripeEvent } from './stripe-event-objects.js';
import { isMapped } from './stripe-event-types.js';
import { eventIdOf } from './stripe-ids.js';

/**
 * Stripe's Events from our event log: the stripe_events read model says which events are the key's
 * merchant's and environment's, in log order (newest first); each event and its payment as it was
 * right after it are read from the payment's stream through the EventStore port.
 */
@Injectable()
export class StripeEvents {
  constructor(
    @InjectRepository(StripeEventView) private readonly events: Repository<StripeEventView>,
    private readonly histories: PaymentHistories,
  ) {}

  async list(caller: Caller, page: Page & { type?: string | undefined }) {
    const before = page.ending_before ? await this.row(caller, page.ending_before, 'ending_before') : undefined;
    const after = !before && page.starting_after ? await this.row(caller, page.starting_after, 'starting_after') : undefined;
    const query = this.events
      .createQueryBuilder('e')
      .where('e.merchant_id = :merchantId AND e.environment = :environment', caller)
      .orderBy('e.global_position', before ? 'ASC' : 'DESC')
      .take(page.limit + 1);
    // Stripe's `type` takes a group too (payment_intent.*): matched as the exact type, it found nothing.
    if (page.type?.endsWith('*')) query.andWhere(`e.type LIKE :prefix ESCAPE '\\'`, { prefix: `${page.type.slice(0, -1).replace(/[\\%_]/g, '\\$&')}%` });
    else if (page.type) query.andWhere('e.type = :type', { type: page.type });
    if (before) query.andWhere('e.global_position > :position', { position: before.globalPosition });
    if (after) query.andWhere('e.global_position < :position', { position: after.globalPosition });
    const rows = await query.getMany();
    const data = rows.slice(0, page.limit);
    if (before) data.reverse();
    return { data: await this.toEvents(caller, data), hasMore: rows.length > page.limit };
  }

  async get(caller: Caller, id: string) {
    const [event] = await this.toEvents(caller, [await this.row(caller, id, 'id')]);
    return event!;
  }

  private async row(caller: Caller, id: string, param: string): Promise<StripeEventView> {
    const row = await this.events.findOneBy({ eventId: eventIdOf(id, param), merchantId: caller.merchantId, environment: caller.environment });
    if (!row) throw StripeApiError.invalid(`No such event: '${id.slice(0, 100)}'`, 'resource_missing', param, 404);
    return row;
  }

  /** Each payment's stream is read once per page. */
  private async toEvents(caller: Caller, rows: StripeEventView[]) {
    const histories = new Map<string, Promise<PaymentHistory | undefined>>();
    return Promise.all(
      rows.map(async (row) => {
        if (!histories.has(row.paymentId)) histories.set(row.paymentId, this.histories.of(caller, row.paymentId));
        const history = await histories.get(row.paymentId);
        const event = history?.events.find((e) => e.eventId === row.eventId);
        const view = event && history && paymentAsOf(history.events, event);
        if (!event || !view || !isMapped(event.type)) throw new Error(`Payment ${row.paymentId} has no event ${row.eventId} in its stream`);
        return toStripeEvent({ ...event, type: event.type }, view);
      }),
    );
  }
}
