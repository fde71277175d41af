import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_METHOD_MESSAGES, type PaymentMethod, type PaymentMethodType } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { DomainError } from '../platform/domain-error.js';
import { PaymentMethodView } from './read-models/payment-method.entity.js';

/** Basis points → percent (290 → 2.9); cents → a decimal string (30 → "0.30"). */
function toPaymentMethod(view: PaymentMethodView): PaymentMethod {
  return {
    id: view.id,
    name: view.name,
    type: view.type as PaymentMethodType,
    isActive: view.isActive,
    processingFee: view.processingFeeBps / 100,
    fixedFee: (view.fixedFeeMinor / 100).toFixed(2),
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** Reads of payment_methods, always scoped to the calling merchant. */
@Injectable()
export class PaymentMethodQueries {
  constructor(@InjectRepository(PaymentMethodView) private readonly methods: Repository<PaymentMethodView>) {}

  async list(merchantId: string): Promise<PaymentMethod[]> {
    const rows = await this.methods.find({ where: { merchantId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toPaymentMethod);
  }

  async get(merchantId: string, id: string): Promise<PaymentMethod> {
    const row = await this.methods.findOneBy({ id, merchantId });
    if (!row) throw new DomainError('not_found', PAYMENT_METHOD_MESSAGES.notFound);
    return toPaymentMethod(row);
  }
}
