import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Environment } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { PaymentView } from '../payments/index.js';
import { StripeApiError } from './stripe-errors.js';
import { paymentIdOf } from './stripe-ids.js';

export interface Caller {
  merchantId: string;
  environment: Environment;
}

export interface Page {
  limit: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}

/** The payments read model as PaymentIntents see it: only the key's merchant and environment. */
@Injectable()
export class PaymentIntentQueries {
  constructor(@InjectRepository(PaymentView) private readonly payments: Repository<PaymentView>) {}

  async get(caller: Caller, intentId: string, param = 'intent'): Promise<PaymentView> {
    const view = await this.payments.findOneBy({ id: paymentIdOf(intentId, param), merchantId: caller.merchantId, environment: caller.environment });
    if (!view) throw StripeApiError.invalid(`No such payment_intent: '${intentId.slice(0, 100)}'`, 'resource_missing', param, 404);
    return view;
  }

  /** Newest first, keyset-paginated on (created_at, id) from the named object, as Stripe's lists are. */
  async list(caller: Caller, page: Page): Promise<{ data: PaymentView[]; hasMore: boolean }> {
    const query = this.payments
      .createQueryBuilder('p')
      .where('p.merchant_id = :merchantId AND p.environment = :environment', caller)
      .take(page.limit + 1);
    const before = page.ending_before ? await this.get(caller, page.ending_before, 'ending_before') : undefined;
    const after = !before && page.starting_after ? await this.get(caller, page.starting_after, 'starting_after') : undefined;
    if (before) query.andWhere('(p.created_at, p.id) > (:createdAt, :id)', before).orderBy('p.created_at', 'ASC').addOrderBy('p.id', 'ASC');
    else query.orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC');
    if (after) query.andWhere('(p.created_at, p.id) < (:createdAt, :id)', after);
    const rows = await query.getMany();
    const data = rows.slice(0, page.limit);
    return { data: before ? data.reverse() : data, hasMore: rows.length > page.limit };
  }
}
