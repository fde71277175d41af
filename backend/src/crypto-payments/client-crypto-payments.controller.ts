import { Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  cryptoListQuerySchema,
  cryptoPaymentCreatedSchema,
  cryptoPaymentCreateSchema,
  cryptoPaymentListSchema,
  exchangeRateAnswerSchema,
  exchangeRateQuerySchema,
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

/** The client API's crypto calls (spec §7): the same as /api/crypto-payments, JWT or a secret API key. */
@ApiTags('client')
@Controller('client')
@Roles('merchant')
@AcceptsApiKey()
export class ClientCryptoPaymentsController {
  constructor(private readonly api: CryptoApi) {}

  @Get('crypto-payments')
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

  @Post('crypto-payments')
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

  @Get('exchange-rates')
  @RateQueries()
  @ApiZodResponse(200, exchangeRateAnswerSchema, 'rate: fiat per 1 crypto; amount and cryptoAmount with ?amount=')
  exchangeRates(
    @ZodQuery(exchangeRateQuerySchema) query: z.output<typeof exchangeRateQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<{ exchangeRate: ExchangeRate }> {
    return this.api.exchangeRate(query, key, request);
  }
}
