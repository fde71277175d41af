import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CLIENT_CURRENCIES,
  clientCurrenciesSchema,
  cryptoListQuerySchema,
  cryptoPaymentCreatedSchema,
  cryptoPaymentCreateSchema,
  cryptoPaymentListSchema,
  cryptoPaymentSchema,
  environmentQuerySchema,
  exchangeRateAnswerSchema,
  exchangeRateQuerySchema,
  type ClientCurrencies,
  type CryptoPayment,
  type ExchangeRate,
} from '@tallyline/contracts';
import type { z } from 'zod';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe, ZodQuery } from '../platform/http/zod-validation.js';
import { ApiIdempotencyKeyHeader } from '../payments/index.js';
import { CryptoApi, ENVIRONMENT_QUERY, LIMIT_QUERY, RateQueries } from './crypto-api.js';
import { CryptoPaymentQueries } from './crypto-payments.queries.js';

/** The crypto payments page's API (spec §7) and the documented /crypto-payments calls. */
@ApiTags('crypto-payments')
@Controller('crypto-payments')
@Roles('merchant')
@AcceptsApiKey()
export class CryptoPaymentsController {
  constructor(
    private readonly api: CryptoApi,
    private readonly queries: CryptoPaymentQueries,
  ) {}

  @Get('currencies')
  @ApiQuery(ENVIRONMENT_QUERY)
  @ApiZodResponse(200, clientCurrenciesSchema)
  currencies(@ZodQuery(environmentQuerySchema) _query: z.output<typeof environmentQuerySchema>): ClientCurrencies {
    return CLIENT_CURRENCIES;
  }

  @Get('exchange-rate')
  @RateQueries()
  @ApiZodResponse(200, exchangeRateAnswerSchema, 'rate: fiat per 1 crypto; amount and cryptoAmount with ?amount=')
  exchangeRate(
    @ZodQuery(exchangeRateQuerySchema) query: z.output<typeof exchangeRateQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<{ exchangeRate: ExchangeRate }> {
    return this.api.exchangeRate(query, key, request);
  }

  @Post('create')
  @HttpCode(201)
  @ApiZodBody(cryptoPaymentCreateSchema, 'amount in major units (1000 = 1000.00), at most 2 decimals')
  @ApiIdempotencyKeyHeader()
  @ApiZodResponse(201, cryptoPaymentCreatedSchema, 'The pending crypto payment: the address and crypto amount to pay, until expiresAt')
  create(
    @Body(zodPipe(cryptoPaymentCreateSchema)) body: z.output<typeof cryptoPaymentCreateSchema>,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<{ payment: CryptoPayment }> {
    return this.api.create(body, idempotencyHeader, key, request, ctx);
  }

  @Get()
  @ApiQuery(LIMIT_QUERY)
  @ApiQuery(ENVIRONMENT_QUERY)
  @ApiZodResponse(200, cryptoPaymentListSchema, 'Newest first')
  list(
    @ZodQuery(cryptoListQuerySchema) query: z.output<typeof cryptoListQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<{ cryptoTransactions: CryptoPayment[] }> {
    return this.api.list(query.limit, query.environment, key, request);
  }

  @Get(':id')
  @ApiZodResponse(200, cryptoPaymentSchema)
  async get(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<CryptoPayment> {
    const { merchantId } = await this.api.caller(key, request, undefined);
    // A key sees its own environment only; a session sees its merchant's payments in both.
    return this.queries.toPayment(await this.queries.ofMerchant(merchantId, id, key?.environment));
  }
}
