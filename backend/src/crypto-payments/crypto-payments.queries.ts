import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CRYPTO_MESSAGES, cryptoPaymentUri, formatMinor, type CryptoCheckout, type CryptoPayment, type Environment } from '@tallyline/contracts';
import { LessThanOrEqual, Repository } from 'typeorm';
import { AppConfig } from '../platform/config/app-config.js';
import { DomainError } from '../platform/domain-error.js';
import type { CryptoPaymentCreated } from './crypto-payment.events.js';
import { CryptoPaymentView } from './read-models/crypto-payment.entity.js';
import { rowFromCreated } from './read-models/crypto-payments.projection.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads of the crypto_payments read model; all but the hosted page's and the scheduler's are the caller merchant's. */
@Injectable()
export class CryptoPaymentQueries {
  constructor(
    @InjectRepository(CryptoPaymentView) private readonly payments: Repository<CryptoPaymentView>,
    private readonly config: AppConfig,
  ) {}

  toPayment(view: CryptoPaymentView): CryptoPayment {
    const amount = formatMinor(Number(view.amountMinor), view.currency);
    return {
      id: view.id,
      orderId: view.orderId,
      status: view.status,
      amount,
      currency: view.currency,
      fiatAmount: amount,
      fiatCurrency: view.currency,
      cryptoAmount: view.cryptoAmount,
      targetCrypto: view.targetCrypto,
      cryptoCurrency: view.targetCrypto,
      exchangeRate: view.exchangeRate,
      customerEmail: view.customerEmail,
      customerName: view.customerName,
      paymentUrl: `${this.config.publicUrl}/crypto-payments/${view.id}`,
      providerPaymentId: view.providerPaymentId,
      address: view.address,
      blockchainTxHash: view.blockchainTxHash,
      confirmations: view.confirmations,
      environment: view.environment,
      merchantId: view.merchantId,
      createdAt: view.createdAt.toISOString(),
      expiresAt: view.expiresAt.toISOString(),
    };
  }

  /** The answer to a create: what CryptoPaymentCreated recorded, whether or not the projection has run. */
  fromCreated(created: CryptoPaymentCreated['data']): CryptoPayment {
    return this.toPayment(rowFromCreated(created, '0'));
  }

  /** What the hosted page shows anyone holding the link: no customer data. */
  toCheckout(view: CryptoPaymentView): CryptoCheckout {
    const { id, orderId, status, amount, currency, cryptoAmount, targetCrypto, exchangeRate, address, blockchainTxHash, confirmations, environment, expiresAt } = this.toPayment(view);
    const paymentUri = cryptoPaymentUri(targetCrypto, address, cryptoAmount);
    return { id, orderId, status, amount, currency, cryptoAmount, targetCrypto, exchangeRate, address, blockchainTxHash, confirmations, environment, expiresAt, paymentUri };
  }

  /** Any crypto payment by id (the hosted page): callers choose what to show. */
  async find(id: string): Promise<CryptoPaymentView> {
    const view = UUID.test(id) ? await this.payments.findOneBy({ id }) : null;
    if (!view) throw new DomainError('not_found', CRYPTO_MESSAGES.notFound);
    return view;
  }

  /** Another merchant's payment (or, for a key, another environment's) is as unknown as a missing one. */
  async ofMerchant(merchantId: string, id: string, environment?: Environment): Promise<CryptoPaymentView> {
    const view = await this.find(id);
    if (view.merchantId !== merchantId || (environment && view.environment !== environment)) throw new DomainError('not_found', CRYPTO_MESSAGES.notFound);
    return view;
  }

  /** Newest first. */
  async list(merchantId: string, environment: Environment, limit: number): Promise<CryptoPayment[]> {
    const rows = await this.payments.find({ where: { merchantId, environment }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((row) => this.toPayment(row));
  }

  /** Pending payments whose time is up at `now`, soonest first. */
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.payments.find({ select: { id: true }, where: { status: 'pending', expiresAt: LessThanOrEqual(now) }, order: { expiresAt: 'ASC' }, take: limit });
    return rows.map((row) => row.id);
  }
}
