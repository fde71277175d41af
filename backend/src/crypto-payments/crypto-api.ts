import { applyDecorators, Injectable } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { formatMinor, type cryptoPaymentCreateSchema, type CryptoPayment, type Environment, type ExchangeRate, type exchangeRateQuerySchema } from '@tallyline/contracts';
import type { z } from 'zod';
import { MerchantQueries } from '../merchants/index.js';
import { idempotencyKeyOf } from '../payments/index.js';
import type { ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import { Clock } from '../platform/clock.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { CreateCryptoPayment } from './create-crypto-payment/create-crypto-payment.command.js';
import { CryptoPaymentQueries } from './crypto-payments.queries.js';
import { cryptoAmountOf, ExchangeRates } from './exchange-rates/exchange-rates.js';

export const ENVIRONMENT_QUERY = { name: 'environment', required: false, enum: ['production', 'staging'] } as const;
export const LIMIT_QUERY = { name: 'limit', required: false, type: Number, description: '1 to 100, default 20' } as const;

/** The rate calls' query: the page's fromCurrency/toCrypto or the documented from/to/amount (major units). */
export const RateQueries = () =>
  applyDecorators(...['fromCurrency', 'toCrypto', 'from', 'to', 'amount'].map((name) => ApiQuery({ name, required: false })), ApiQuery(ENVIRONMENT_QUERY));

/**
 * What the crypto routes do, behind both doors (/api/crypto-payments and /api/client/...). A key
 * fixes the environment; a session acts in the one it names, or the merchant's current one.
 */
@Injectable()
export class CryptoApi {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: CryptoPaymentQueries,
    private readonly merchants: MerchantQueries,
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {}

  async caller(key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest, named: Environment | undefined) {
    if (key) return { merchantId: key.merchantId, environment: key.environment };
    const merchant = await this.merchants.current(request.user!.userId);
    return { merchantId: merchant.id, environment: named ?? merchant.environment };
  }

  async exchangeRate(query: z.output<typeof exchangeRateQuerySchema>, key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest): Promise<{ exchangeRate: ExchangeRate }> {
    const { environment } = await this.caller(key, request, query.environment);
    const { rate, fetchedAt } = await this.rates.quote(query.fiat, query.crypto, environment);
    const exchangeRate: ExchangeRate = { rate: Number(rate), fromCurrency: query.fiat, toCrypto: query.crypto, fetchedAt: fetchedAt.toISOString() };
    if (query.amountMinor !== null) {
      exchangeRate.amount = formatMinor(query.amountMinor, query.fiat);
      exchangeRate.cryptoAmount = cryptoAmountOf(query.amountMinor, query.fiat, rate, query.crypto);
    }
    return { exchangeRate };
  }

  async create(
    body: z.output<typeof cryptoPaymentCreateSchema>,
    idempotencyHeader: string | undefined,
    key: ApiKeyPrincipal | undefined,
    request: AuthenticatedRequest,
    ctx: CommandContext,
  ): Promise<{ payment: CryptoPayment }> {
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    const { environment: named, ...input } = body;
    const { merchantId, environment } = await this.caller(key, request, named);
    // The crypto clock, not the request's: rates and expiry are read against the same time.
    const created = await this.commandBus.execute(new CreateCryptoPayment(merchantId, environment, input, idempotencyKey, { ...ctx, now: this.clock.now() }));
    return { payment: this.queries.fromCreated(created) };
  }

  async list(limit: number, named: Environment | undefined, key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest): Promise<{ cryptoTransactions: CryptoPayment[] }> {
    const { merchantId, environment } = await this.caller(key, request, named);
    return { cryptoTransactions: await this.queries.list(merchantId, environment, limit) };
  }
}
