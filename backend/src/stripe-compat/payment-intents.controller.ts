import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { PAYMENT_MESSAGES } from '@tallyline/contracts';
import type { z } from 'zod';
import { BindIdempotencyKey, CancelPayment, CreatePayment, idempotencyKeyOf, PayPayment, TestCardTokens, type PaymentView } from '../payments/index.js';
import { ApiKeyOnly, CurrentApiKey, Roles, type ApiKeyPrincipal } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { DomainError } from '../platform/domain-error.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody } from '../platform/http/zod-validation.js';
import { PaymentIntentQueries, type Caller } from './payment-intents.queries.js';
import { ApiIdempotencyKey, callerOf, IdempotencyKey } from './stripe-caller.js';
import { StripeApiError, StripeErrorFilter } from './stripe-errors.js';
import { stripeIds } from './stripe-ids.js';
import { stripeList, toPaymentIntent, type PaymentIntent } from './stripe-objects.js';
import { cancelSchema, confirmSchema, listSchema, paymentIntentCreateSchema, retrieveSchema, stripePipe, StripeQuery } from './stripe-params.js';
import { cardError, testCardOf } from './test-payment-methods.js';

/** A declined attempt: HTTP 402 with the card error and the PaymentIntent, as Stripe answers it. */
const declined = (view: PaymentView) => new StripeApiError(402, { ...cardError(view.failureReason), payment_intent: toPaymentIntent(view) });

const isPaidByAnother = (error: unknown) =>
  error instanceof DomainError && (error.message === PAYMENT_MESSAGES.attemptInProgress || error.message === PAYMENT_MESSAGES.alreadyPaid);

/** Not an outcome yet: paying, or (the read model not there yet) seemingly never tried. */
const UNANSWERED = new Set<PaymentIntent['status']>(['processing', 'requires_confirmation', 'requires_payment_method']);

/**
 * The intent as it stands, or its card error when declined. `retryOf`: the Idempotency-Key of an earlier request
 * this one repeats; while that one has no outcome yet, Stripe's 409, which stripe-node retries after a pause.
 */
function answerOf(view: PaymentView, retryOf: string | null): PaymentIntent {
  if (view.status === 'failed') throw declined(view);
  const intent = toPaymentIntent(view);
  if (retryOf && UNANSWERED.has(intent.status)) {
    throw StripeApiError.keyInUse(retryOf);
  }
  return intent;
}

/**
 * Stripe's PaymentIntents over our payments: the same CreatePayment, PayPayment and CancelPayment
 * commands as /api/client/payments and the hosted page, the same events and read model.
 */
@ApiTags('stripe-compatible')
@Controller('v1/payment_intents')
@Roles('merchant')
@ApiKeyOnly()
@UseFilters(StripeErrorFilter)
export class PaymentIntentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: PaymentIntentQueries,
    private readonly tokens: TestCardTokens,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiZodBody(paymentIntentCreateSchema, 'Form-encoded (metadata[key]=value) or JSON; amount in minor units')
  async create(
    @Body(stripePipe(paymentIntentCreateSchema)) body: z.output<typeof paymentIntentCreateSchema>,
    @IdempotencyKey() idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentIntent> {
    const caller = callerOf(key);
    // As Stripe does: an unknown payment method creates nothing, with or without confirm.
    if (body.payment_method) testCardOf(body.payment_method, caller.environment);
    const metadata = body.metadata ?? {};
    const input = {
      amount: body.amount,
      currency: body.currency,
      customerEmail: body.receipt_email ?? '',
      customerName: '',
      orderId: metadata.order_id ?? '',
      paymentMethod: 'credit_card' as const,
      description: body.description || null,
      returnUrl: body.return_url ?? null,
      customerCountry: null,
    };
    const extras = { metadata, paymentMethodRef: body.payment_method ?? null };
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    // Bound to this route too, not only named by the payment: the key then cannot be reused on another route (a refund).
    if (idempotencyKey) await this.commandBus.execute(new BindIdempotencyKey(caller, idempotencyKey, 'POST /v1/payment_intents', body, ctx));
    const created = await this.commandBus.execute(new CreatePayment(caller.merchantId, caller.environment, input, idempotencyKey, ctx, extras));
    const view = await this.queries.get(caller, stripeIds.paymentIntent(created.paymentId));
    if (!body.confirm) return toPaymentIntent(view);
    // A retry with the same Idempotency-Key finds the payment already tried: the first answer again.
    if (view.status !== 'pending' || view.cardLast4) return answerOf(view, idempotencyKey);
    return this.pay(caller, view, body.payment_method, ctx, { idempotencyKey });
  }

  @Get()
  async list(@StripeQuery(listSchema) query: z.output<typeof listSchema>, @CurrentApiKey() key: ApiKeyPrincipal | undefined) {
    const { data, hasMore } = await this.queries.list(callerOf(key), query);
    return stripeList('/v1/payment_intents', data.map(toPaymentIntent), hasMore);
  }

  @Get(':intent')
  async retrieve(@Param('intent') intent: string, @StripeQuery(retrieveSchema) _none: object, @CurrentApiKey() key: ApiKeyPrincipal | undefined): Promise<PaymentIntent> {
    return toPaymentIntent(await this.queries.get(callerOf(key), intent));
  }

  @Post(':intent/confirm')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiZodBody(confirmSchema, 'payment_method: a test payment method such as pm_card_visa (default: the one given at creation)')
  async confirm(
    @Param('intent') intent: string,
    @Body(stripePipe(confirmSchema)) body: z.output<typeof confirmSchema>,
    @IdempotencyKey() idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentIntent> {
    const caller = callerOf(key);
    const view = await this.queries.get(caller, intent);
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    const first = !idempotencyKey || (await this.commandBus.execute(new BindIdempotencyKey(caller, idempotencyKey, 'POST /v1/payment_intents/:id/confirm', { intent, ...body }, ctx)));
    // A retry answers what the first confirmation did, unless it never got to try (a crash in between).
    if (!first && (view.status !== 'pending' || view.cardLast4)) return answerOf(view, idempotencyKey);
    return this.pay(caller, view, body.payment_method, ctx, { idempotencyKey, returnUrl: body.return_url });
  }

  @Post(':intent/cancel')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiZodBody(cancelSchema)
  async cancel(
    @Param('intent') intent: string,
    @Body(stripePipe(cancelSchema)) body: z.output<typeof cancelSchema>,
    @IdempotencyKey() idempotencyHeader: string | undefined,
    @CurrentApiKey() key: ApiKeyPrincipal | undefined,
    @Ctx() ctx: CommandContext,
  ): Promise<PaymentIntent> {
    const caller = callerOf(key);
    const view = await this.queries.get(caller, intent);
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    // As Stripe: canceling a canceled intent is refused, but a retry of the request that canceled it answers
    // it again. A refused request does not bind its key: its retry is refused again.
    const first =
      !idempotencyKey ||
      (await this.commandBus.execute(new BindIdempotencyKey(caller, idempotencyKey, 'POST /v1/payment_intents/:id/cancel', { intent, ...body }, ctx, view.status !== 'canceled')));
    if (first && view.status === 'canceled') {
      throw StripeApiError.invalid(
        'You cannot cancel this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
        'payment_intent_unexpected_state',
      );
    }
    // Canceling again records nothing (the decider's rule), so a retry simply runs the command again.
    await this.commandBus.execute(new CancelPayment(caller.merchantId, view.id, body.cancellation_reason ?? null, ctx));
    return toPaymentIntent(await this.queries.get(caller, intent));
  }

  /** Pays through the hosted page's own command, with a sandbox token for the test payment method. */
  private async pay(caller: Caller, view: PaymentView, paymentMethod: string | undefined, ctx: CommandContext, options: { idempotencyKey: string | null; returnUrl?: string | undefined }): Promise<PaymentIntent> {
    const { idempotencyKey, returnUrl } = options;
    const { status } = toPaymentIntent(view);
    if (status === 'canceled' || status === 'succeeded') {
      const why = status === 'succeeded' ? 'it has already succeeded after being previously confirmed' : 'it has a status of canceled';
      throw StripeApiError.invalid(`You cannot confirm this PaymentIntent because ${why}.`, 'payment_intent_unexpected_state');
    }
    const method = paymentMethod ?? view.paymentMethodRef;
    if (!method) {
      throw StripeApiError.invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', 'payment_intent_unexpected_state', 'payment_method');
    }
    const token = await this.tokens.tokenFor(caller.environment, testCardOf(method, caller.environment));
    // What the confirmation names anew is the attempt's: the 3-D Secure page returns there, the intent shows them.
    const confirmation = { ...(returnUrl ? { returnUrl } : {}), ...(paymentMethod && paymentMethod !== view.paymentMethodRef ? { paymentMethodRef: paymentMethod } : {}) };
    // A duplicate of this request (the same Idempotency-Key) may have paid first: its outcome is then this answer.
    const lostRace = await this.commandBus.execute(new PayPayment(view.id, token, ctx, confirmation)).then(
      () => false,
      (error: unknown) => {
        if (idempotencyKey && isPaidByAnother(error)) return true;
        throw error;
      },
    );
    return answerOf(await this.queries.get(caller, stripeIds.paymentIntent(view.id)), lostRace ? idempotencyKey : null);
  }
}
