import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { isCryptoPaymentEvent, type CryptoPaymentCreated, type CryptoPaymentEvent } from '../crypto-payment.events.js';
import { CryptoPaymentView } from './crypto-payment.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

/** The row CryptoPaymentCreated makes; also the create command's answer, before any projection ran. */
export function rowFromCreated(data: CryptoPaymentCreated['data'], position: string): CryptoPaymentView {
  return {
    id: data.paymentId,
    merchantId: data.merchantId,
    environment: data.environment,
    status: 'pending',
    amountMinor: data.amountMinor.toString(),
    currency: data.currency,
    targetCrypto: data.targetCrypto,
    cryptoAmount: data.cryptoAmount,
    exchangeRate: data.exchangeRate,
    customerEmail: data.customerEmail,
    customerName: data.customerName,
    orderId: data.orderId,
    providerPaymentId: data.providerPaymentId,
    address: data.address,
    blockchainTxHash: null,
    confirmations: null,
    createdAt: eventDate(data.createdAt, 'createdAt'),
    expiresAt: eventDate(data.expiresAt, 'expiresAt'),
    updatedAt: eventDate(data.createdAt, 'createdAt'),
    position,
  };
}

function evolveCryptoPayment(row: CryptoPaymentView | undefined, stored: StoredEvent): CryptoPaymentView | undefined {
  if (!isCryptoPaymentEvent(stored)) return undefined;
  const position = stored.globalPosition.toString();
  if (stored.type === 'CryptoPaymentCreated') return rowFromCreated(stored.data, position);
  if (!row) return undefined;
  const next = { ...row, updatedAt: eventDate(stored.data.at, 'at'), position };
  switch (stored.type) {
    case 'CryptoPaymentStatusChanged':
      return {
        ...next,
        status: stored.data.to,
        blockchainTxHash: stored.data.blockchainTxHash ?? row.blockchainTxHash,
        confirmations: stored.data.confirmations ?? row.confirmations,
      };
    case 'CryptoPaymentExpired':
      return { ...next, status: 'expired' };
  }
}

const paymentIdOf = (stored: StoredEvent) => (isCryptoPaymentEvent(stored) ? stored.data.paymentId : undefined);

@AsProcessor()
@Injectable()
export class CryptoPaymentsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'crypto-payments';
  readonly tables = ['crypto_payments'];
  readonly handles = ['CryptoPaymentCreated', 'CryptoPaymentStatusChanged', 'CryptoPaymentExpired'] satisfies CryptoPaymentEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isCryptoPaymentEvent(stored)) return;
    const row = stored.type === 'CryptoPaymentCreated' ? undefined : ((await manager.findOneBy(CryptoPaymentView, { id: stored.data.paymentId })) ?? undefined);
    const next = evolveCryptoPayment(row, stored);
    if (next) await manager.upsert(CryptoPaymentView, next, ['id']);
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await foldRows(manager, CryptoPaymentView, events, paymentIdOf, evolveCryptoPayment, (event) => event.type === 'CryptoPaymentCreated');
  }
}
