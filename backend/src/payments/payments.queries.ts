import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { formatMinor, PAYMENT_MESSAGES, TRANSACTION_MESSAGES, type CheckoutPayment, type Environment, type Payment, type PaymentPage } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { AppConfig } from '../platform/config/app-config.js';
import { DomainError } from '../platform/domain-error.js';
import { decodePageCursor, encodePageCursor } from '../platform/http/page-cursor.js';
import type { PaymentCreated } from './payment.events.js';
import { PaymentView } from './read-models/payment.entity.js';

export const encodeCursor = (row: Pick<PaymentView, 'createdAt' | 'id'>) => encodePageCursor(row.createdAt, row.id);
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const position = decodePageCursor(cursor);
  if (!position) throw DomainError.validation([{ field: 'cursor', message: TRANSACTION_MESSAGES.cursor }]);
  return position;
}

/** Reads of the payments read model; every one but the checkout's is scoped to the caller's merchant. */
@Injectable()
export class PaymentQueries {
  constructor(
    @InjectRepository(PaymentView) private readonly payments: Repository<PaymentView>,
    private readonly config: AppConfig,
  ) {}

  toPayment(view: PaymentView): Payment {
    return {
      id: view.id,
      merchantId: view.merchantId,
      amount: formatMinor(Number(view.amountMinor), view.currency),
      currency: view.currency,
      status: view.status,
      paymentUrl: `${this.config.publicUrl}/pay/${view.id}`,
      customerEmail: view.customerEmail,
      customerName: view.customerName,
      orderId: view.orderId,
      paymentMethod: view.paymentMethod,
      environment: view.environment,
      description: view.description,
      returnUrl: view.returnUrl,
      gatewayTransactionId: view.gatewayTransactionId,
      refundedAmount: formatMinor(Number(view.refundedMinor), view.currency),
      createdAt: view.createdAt.toISOString(),
    };
  }

  /** What the hosted payment page may show anyone holding its link: no customer data, no card. */
  toCheckout(view: PaymentView, merchantName: string): CheckoutPayment {
    return {
      id: view.id,
      amount: formatMinor(Number(view.amountMinor), view.currency),
      currency: view.currency,
      status: view.status,
      description: view.description,
      orderId: view.orderId,
      merchantName,
      returnUrl: view.returnUrl,
      failureReason: view.status === 'failed' ? view.failureReason : null,
      redirectUrl: view.status === 'requires_action' ? view.redirectUrl : null,
    };
  }

  /** The answer to a create (and to its idempotent repeats): what PaymentCreated recorded. */
  fromCreated(created: PaymentCreated['data']): Payment {
    return {
      id: created.paymentId,
      merchantId: created.merchantId,
      amount: formatMinor(created.amountMinor, created.currency),
      currency: created.currency,
      status: 'pending',
      paymentUrl: `${this.config.publicUrl}/pay/${created.paymentId}`,
      customerEmail: created.customerEmail,
      customerName: created.customerName,
      orderId: created.orderId,
      paymentMethod: created.paymentMethod,
      environment: created.environment,
      description: created.description,
      returnUrl: created.returnUrl,
      gatewayTransactionId: null,
      refundedAmount: formatMinor(0, created.currency),
      createdAt: created.createdAt,
    };
  }

  /** Any payment by id, for the public checkout page and the gateway's callbacks: callers choose what to show. */
  async find(paymentId: string): Promise<PaymentView> {
    const view = isUuid(paymentId) ? await this.payments.findOneBy({ id: paymentId }) : null;
    if (!view) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    return view;
  }

  /** Another merchant's payment is just as unknown as a missing one (404). */
  async ofMerchant(merchantId: string, paymentId: string, environment?: Environment): Promise<PaymentView> {
    const view = await this.find(paymentId);
    if (view.merchantId !== merchantId || (environment && view.environment !== environment)) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    return view;
  }

  /** Whether the merchant has a payment for this order in this environment (the demo seed's progress). */
  hasOrder(merchantId: string, environment: Environment, orderId: string): Promise<boolean> {
    return this.payments.exists({ where: { merchantId, environment, orderId } });
  }

  /** Newest first, keyset-paginated on (created_at, id). */
  async page(merchantId: string, environment: Environment, limit: number, cursor?: string): Promise<PaymentPage> {
    const query = this.payments
      .createQueryBuilder('p')
      .where('p.merchant_id = :merchantId AND p.environment = :environment', { merchantId, environment })
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .take(limit + 1);
    if (cursor) query.andWhere('(p.created_at, p.id) < (:createdAt, :id)', decodeCursor(cursor));
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { data: page.map((row) => this.toPayment(row)), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
