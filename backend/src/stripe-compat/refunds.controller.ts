import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { BindIdempotencyKey, idempotencyKeyIdOf, idempotencyKeyOf, isPaymentEvent, RefundPayment, type PaymentView } from '../payments/index.js';
import { ApiKeyOnly, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { DomainError } from '../platform/domain-error.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody } from '../platform/http/zod-validation.js';
import { PaymentHistories } from './payment-history.js';
import { PaymentIntentQueries, type Caller } from './payment-intents.queries.js';
import { ApiIdempotencyKey, callerOf, IdempotencyKey } from './stripe-caller.js';
import { StripeApiError, StripeErrorFilter } from './stripe-errors.js';
import { refundIdsOf, stripeIds } from './stripe-ids.js';
import { toRefund, type RefundFacts } from './stripe-objects.js';
import { refundCreateSchema, retrieveSchema, stripePipe, StripeQuery } from './stripe-params.js';

/** Stripe's Refunds over our RefundPayment command; a refund is read back from its payment's events. */
@ApiTags('stripe-compatible')
@Controller('v1/refunds')
@Roles('merchant')
@ApiKeyOnly()
@UseFilters(StripeErrorFilter)
export class StripeRefundsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly intents: PaymentIntentQueries,
    private readonly histories: PaymentHistories,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiZodBody(refundCreateSchema, 'payment_intent, amount (minor units; default: all that is left), reason, metadata')
  async create(
    @Body(stripePipe(refundCreateSchema)) body: z.output<typeof refundCreateSchema>,
    @IdempotencyKey() idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Ctx() ctx: CommandContext,
  ) {
    const caller = callerOf(key);
    const view = await this.intents.get(caller, body.payment_intent, 'payment_intent');
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    if (!idempotencyKey) {
      alreadyRefunded(view);
      const { refundId } = await this.commandBus.execute(new RefundPayment(caller.merchantId, view.id, body.amount ?? null, ctx, undefined, labelsOf(body)));
      return toRefund(await this.refund(caller, view.id, refundId));
    }
    // The key names the refund: a retry finds it made (or, after a crash before it was, makes it once).
    await this.commandBus.execute(new BindIdempotencyKey(caller, idempotencyKey, 'POST /v1/refunds', body, ctx));
    const refundId = idempotencyKeyIdOf(caller, idempotencyKey);
    const made = await this.refund(caller, view.id, refundId).catch((error: unknown) => {
      if (error instanceof StripeApiError && error.status === 404) return undefined;
      throw error;
    });
    if (made) return toRefund(made);
    alreadyRefunded(view);
    try {
      await this.commandBus.execute(new RefundPayment(caller.merchantId, view.id, body.amount ?? null, ctx, refundId, labelsOf(body)));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
      // A concurrent retry with this key made the refund first: its answer once settled, Stripe's 409 until then.
      const mine = await this.refund(caller, view.id, refundId).catch(() => undefined);
      if (!mine) throw error;
      if (mine.status === 'pending') throw StripeApiError.keyInUse(idempotencyKey);
      return toRefund(mine);
    }
    return toRefund(await this.refund(caller, view.id, refundId));
  }

  @Get(':id')
  async retrieve(@Param('id') id: string, @StripeQuery(retrieveSchema) _none: object, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    const { paymentId, refundId } = refundIdsOf(id);
    return toRefund(await this.refund(callerOf(key), paymentId, refundId));
  }

  private async refund(caller: Caller, paymentId: string, refundId: string): Promise<RefundFacts> {
    const history = await this.histories.of(caller, paymentId);
    let facts: RefundFacts | undefined;
    for (const event of history?.events ?? []) {
      if (!isPaymentEvent(event) || !('refundId' in event.data) || event.data.refundId !== refundId) continue;
      const status = event.type === 'RefundCompleted' ? 'succeeded' : event.type === 'RefundFailed' ? 'failed' : 'pending';
      const currency = history?.asOf(event.globalPosition)?.currency ?? '';
      const requested = event.type === 'RefundRequested' ? { reason: event.data.reason ?? null, metadata: event.data.metadata ?? {} } : undefined;
      const { reason, metadata } = requested ?? facts ?? { reason: null, metadata: {} };
      facts = { paymentId, refundId, amountMinor: event.data.amountMinor, currency, status, reason, metadata, at: facts?.at ?? event.data.at };
    }
    if (!facts) throw StripeApiError.invalid(`No such refund: '${stripeIds.refund(paymentId, refundId)}'`, 'resource_missing', 'id', 404);
    return facts;
  }
}

const labelsOf = ({ reason, metadata }: z.output<typeof refundCreateSchema>) => ({ reason, metadata });

/** Stripe's own refusal for a charge with nothing left to refund (stripe-node: StripeInvalidRequestError, code charge_already_refunded). */
function alreadyRefunded(view: PaymentView): void {
  if (view.status === 'refunded') throw StripeApiError.invalid(`Charge ${stripeIds.charge(view.id)} has already been refunded.`, 'charge_already_refunded');
}
