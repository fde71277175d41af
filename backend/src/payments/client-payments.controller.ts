import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  paymentCreatedSchema,
  paymentCreateSchema,
  paymentListQuerySchema,
  paymentPageSchema,
  paymentSchema,
  type Environment,
  type Payment,
  type PaymentCreatedAnswer,
  type PaymentPage,
} from '@tallyline/contracts';
import type { z } from 'zod';
import { AcceptsApiKey, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodResponse, zodPipe, ZodQuery } from '../platform/http/zod-validation.js';
import { MerchantQueries } from '../merchants/index.js';
import { CreatePayment } from './create-payment/create-payment.command.js';
import { ApiIdempotencyKeyHeader, idempotencyKeyOf } from './idempotency/idempotency-key-header.js';
import { PaymentQueries } from './payments.queries.js';

/**
 * The payments API for integrators (JWT or sk_ key) behind its three doors: /api/client/payments
 * and the documented /api/payments aliases share these handlers. A key fixes the environment; a
 * session acts in the one it names, or the merchant's current one.
 */
abstract class PaymentsApi {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: PaymentQueries,
    private readonly merchants: MerchantQueries,
  ) {}

  private async callerOf(key: ApiKeyPrincipal | undefined, request: AuthenticatedRequest, named: Environment | undefined) {
    if (key) return { merchantId: key.merchantId, environment: key.environment };
    const merchant = await this.merchants.current(request.user!.userId);
    return { merchantId: merchant.id, environment: named ?? merchant.environment };
  }

  @Post()
  @HttpCode(201)
  @ApiZodBody(paymentCreateSchema, 'amount in minor units (10000 = 100.00)')
  @ApiIdempotencyKeyHeader()
  @ApiZodResponse(201, paymentCreatedSchema, 'The pending payment, and redirectUrl: its hosted payment page, where to send the customer')
  async create(
    @Body(zodPipe(paymentCreateSchema)) body: z.output<typeof paymentCreateSchema>,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentCreatedAnswer> {
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    const { environment: named, ...input } = body;
    const { merchantId, environment } = await this.callerOf(key, request, named);
    const created = this.queries.fromCreated(await this.commandBus.execute(new CreatePayment(merchantId, environment, input, idempotencyKey, ctx)));
    return { ...created, success: true, redirectUrl: created.paymentUrl };
  }

  @Get()
  @ApiZodResponse(200, paymentPageSchema, 'Newest first; nextCursor is null on the last page')
  async list(
    @ZodQuery(paymentListQuerySchema) query: z.output<typeof paymentListQuerySchema>,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
  ): Promise<PaymentPage> {
    const { merchantId, environment } = await this.callerOf(key, request, query.environment);
    return this.queries.page(merchantId, environment, query.limit, query.cursor);
  }

  @Get(':id')
  @ApiZodResponse(200, paymentSchema)
  async get(@Param('id') id: string, @CurrentApiKey() key: ApiKeyPrincipal | undefined, @Req() request: AuthenticatedRequest): Promise<Payment> {
    const { merchantId } = await this.callerOf(key, request, undefined);
    // A key sees its own environment only; a session sees its merchant's payments in both.
    return this.queries.toPayment(await this.queries.ofMerchant(merchantId, id, key?.environment));
  }
}

@ApiTags('client')
@Controller('client/payments')
@Roles('merchant')
@AcceptsApiKey()
export class ClientPaymentsController extends PaymentsApi {
  constructor(commandBus: CommandBus, queries: PaymentQueries, merchants: MerchantQueries) {
    super(commandBus, queries, merchants);
  }
}

/** The documented public API's paths (spec §7): POST /payments/create, POST /payments, GET /payments[/{id}]. */
@ApiTags('payments')
@Controller('payments')
@Roles('merchant')
@AcceptsApiKey()
export class PaymentsAliasController extends PaymentsApi {
  constructor(commandBus: CommandBus, queries: PaymentQueries, merchants: MerchantQueries) {
    super(commandBus, queries, merchants);
  }

  @Post('create')
  @HttpCode(201)
  @ApiZodBody(paymentCreateSchema, 'amount in minor units (10000 = 100.00)')
  @ApiIdempotencyKeyHeader()
  @ApiZodResponse(201, paymentCreatedSchema, 'The pending payment, and redirectUrl: its hosted payment page, where to send the customer')
  createAlias(
    @Body(zodPipe(paymentCreateSchema)) body: z.output<typeof paymentCreateSchema>,
    @Headers('idempotency-key') idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Req() request: AuthenticatedRequest,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentCreatedAnswer> {
    return this.create(body, idempotencyHeader, key, request, ctx);
  }
}
