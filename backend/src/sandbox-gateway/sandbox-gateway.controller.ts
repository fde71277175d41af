import { Body, Catch, Controller, HttpCode, Post, UseFilters, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema, numberFromText } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Public } from '../platform/auth/auth.decorators.js';
import { AppConfig } from '../platform/config/app-config.js';
import { ApiZodBody, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { behaviourOf, brandOf, hasExpired, passesLuhn } from './cards.js';
import { IpnSender } from './ipn-sender.js';
import {
  adjustAnswerSchema,
  adjustTransactionSchema,
  assertPrivateKey,
  assertSessionKey,
  checkedTransactionAnswerSchema,
  checkTransactionSchema,
  createSessionKey,
  describedTokenAnswerSchema,
  describeTokenSchema,
  GatewayRefusal,
  INVALID_CARD,
  OUTCOME_OF,
  parse,
  payWithTokenSchema,
  refusalAnswerSchema,
  sessionKeyAnswerSchema,
  transactionAnswerSchema,
  type TransactionAnswer,
} from './protocol.js';
import { SandboxGatewayStore, type StoredTransaction } from './sandbox-gateway.store.js';

/** How long after the sale the dispute test card's bank disputes it. */
const DISPUTE_AFTER_MS = 500;

const month = 'Expiry month must be a number from 1 to 12';
const year = 'Expiry year must be a 4-digit year';
/** What the payer types into the checkout's card form; only brand, last four and expiry are kept. */
const tokenRequestSchema = z
  .object({
    cardNumber: z
      .string({ error: 'Card number is required' })
      .transform((number) => number.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Card number must be 12 to 19 digits', abort: true }).refine(passesLuhn, 'Card number is not valid')),
    expMonth: numberFromText(z.number({ error: month }).int(month).min(1, month).max(12, month)),
    expYear: numberFromText(z.number({ error: year }).int(year).min(2000, year).max(2100, year)),
    cvc: z.string({ error: 'CVC must be 3 or 4 digits' }).regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  })
  .refine((card) => !hasExpired(card.expMonth, card.expYear, new Date()), { message: 'The card has expired', path: ['expYear'] });

/** The protocol's own error answer: the HTTP status and Error.Message, no Result. */
@Catch(GatewayRefusal)
class GatewayRefusalFilter implements ExceptionFilter {
  catch(refusal: GatewayRefusal, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(refusal.status).send({ Error: { Message: refusal.message } });
  }
}

const protocolBody = (description: string) => ApiZodBody(z.looseObject({ PrivateMerchantKey: z.string() }), description);

/** The protocol's refusals, by status; a 400 is the API's ErrorBody where the API refuses the text before the gateway reads it (a NUL). */
const refusesMalformed = () => ApiZodResponse(400, z.union([refusalAnswerSchema, errorBodySchema]), 'Error.Message: the first malformed field, "Request.Transaction.Amount must be …"');
const refusesCredentials = () => ApiZodResponse(401, refusalAnswerSchema, 'A wrong PrivateMerchantKey, or a missing, forged or expired SessionKey');
const refusesReusedReference = () => ApiZodResponse(409, refusalAnswerSchema, 'Request.References.Merchant names another call');

const tokenAnswerSchema = z.object({ token: z.string(), card: z.object({ brand: z.string(), last4: z.string() }) });

/**
 * The embedded sandbox of the card gateway: the documented web service (CreateSessionKey, PayWithToken,
 * CheckTransaction, AdjustTransaction) and the browser's tokenization, over HTTP, so our adapter talks
 * to it exactly as it would to the real gateway.
 */
@ApiTags('Sandbox gateway')
@Controller('sandbox-gateway')
@Public()
@UseFilters(GatewayRefusalFilter)
export class SandboxGatewayController {
  constructor(
    private readonly store: SandboxGatewayStore,
    private readonly ipn: IpnSender,
    private readonly config: AppConfig,
  ) {}

  @Post('tokens')
  @HttpCode(201)
  @ApiOperation({ summary: 'Tokenize a card, as the gateway does in the browser; test cards choose the outcome' })
  @ApiZodBody(tokenRequestSchema)
  @ApiZodResponse(201, tokenAnswerSchema, 'The token to pay with (PayWithToken), and the card as the payer may be shown it')
  async tokenize(@Body(zodPipe(tokenRequestSchema)) card: z.output<typeof tokenRequestSchema>): Promise<z.infer<typeof tokenAnswerSchema>> {
    const summary = { brand: brandOf(card.cardNumber), last4: card.cardNumber.slice(-4) };
    const token = await this.store.createToken({ ...summary, expMonth: card.expMonth, expYear: card.expYear, behaviour: behaviourOf(card.cardNumber) });
    return { token, card: summary };
  }

  /** Sandbox extension: what a token stands for, so the merchant can show the card before paying. */
  @Post('tokens/describe')
  @HttpCode(200)
  @ApiOperation({ summary: "Sandbox extension: a token's card brand and last four digits" })
  @protocolBody('PrivateMerchantKey, Token')
  @ApiZodResponse(200, describedTokenAnswerSchema)
  @refusesMalformed()
  @refusesCredentials()
  @ApiZodResponse(404, refusalAnswerSchema, 'Token not found')
  async describe(@Body() body: Record<string, unknown> | undefined): Promise<z.infer<typeof describedTokenAnswerSchema>> {
    assertPrivateKey(body?.PrivateMerchantKey);
    const token = await this.store.token(parse(describeTokenSchema, body).Token);
    if (!token) throw new GatewayRefusal(404, 'Token not found');
    return { Card: { LastFourDigits: token.last4, ApplicationProfile: token.brand } };
  }

  @Post('CreateSessionKey')
  @HttpCode(200)
  @ApiOperation({ summary: 'A session key, good for 15 minutes, that PayWithToken and AdjustTransaction carry' })
  @protocolBody('PrivateMerchantKey')
  @ApiZodResponse(200, sessionKeyAnswerSchema, 'ExpiresAt: when the key stops being accepted')
  @refusesCredentials()
  createSessionKey(@Body() body: Record<string, unknown> | undefined): z.infer<typeof sessionKeyAnswerSchema> {
    assertPrivateKey(body?.PrivateMerchantKey);
    const { sessionKey, expiresAt } = createSessionKey(Date.now());
    return { SessionKey: sessionKey, ExpiresAt: expiresAt.toISOString() };
  }

  @Post('PayWithToken')
  @HttpCode(200)
  @ApiOperation({ summary: 'A sale (RequestType 0) with a card token; idempotent on Request.References.Merchant' })
  @protocolBody('PrivateMerchantKey, SessionKey, RequestType, Token, Request.Transaction, Request.Customer, Request.References.Merchant, End3DSHostPostbackURL')
  @ApiZodResponse(200, transactionAnswerSchema, 'The sale: Result.Code 0 approved, 7 and Async.RedirectUrl when 3-D Secure is required, another code declined; a repeat answers the sale as it now stands')
  @refusesMalformed()
  @refusesCredentials()
  @refusesReusedReference()
  async payWithToken(@Body() body: Record<string, unknown> | undefined): Promise<TransactionAnswer> {
    assertPrivateKey(body?.PrivateMerchantKey);
    assertSessionKey(body?.SessionKey, Date.now());
    const call = parse(payWithTokenSchema, body);
    const reference = call.Request.References.Merchant;
    const token = await this.store.spendToken(call.Token, reference);
    const { transaction: sold, created } = await this.store.sale({
      reference,
      amountMinor: call.Request.Transaction.Amount,
      currency: call.Request.Transaction.Currency,
      // An unknown token, or one another sale spent, is a card the gateway cannot use: a transaction still records the attempt.
      outcome: token ? OUTCOME_OF[token.behaviour] : INVALID_CARD,
      card: token ? { brand: token.brand, last4: token.last4 } : null,
      customer: { email: call.Request.Customer?.Email ?? null, fullName: call.Request.Customer?.FullName ?? null },
      ipnUrl: call.Request.Transaction.IPNURL ?? null,
      postbackUrl: call.End3DSHostPostbackURL,
    });
    // A repeat answers the sale as it stands now (a challenge whose window closed, declined).
    const transaction = created ? sold : ((await this.store.current({ id: sold.id }, this.ipn)) ?? sold);
    // A sale waiting for 3-D Secure has no outcome yet: its IPN follows the payer's answer.
    if (created && transaction.status !== 'pending') this.ipn.notify(transaction);
    // The dispute test card: the bank disputes the approved sale a moment after it was answered.
    if (created && token?.behaviour === 'dispute') this.ipn.notifyLater(DISPUTE_AFTER_MS, () => this.store.openDispute(transaction.id, 'fraudulent'));
    return this.answer(transaction);
  }

  @Post('CheckTransaction')
  @HttpCode(200)
  @ApiOperation({ summary: 'A transaction by TransactionId or by Request.References.Merchant' })
  @protocolBody('PrivateMerchantKey, TransactionId or Request.References.Merchant')
  @ApiZodResponse(200, checkedTransactionAnswerSchema, 'The transaction as it now stands: a sale (RequestType 0) or a refund of one (2, ParentId the sale)')
  @refusesMalformed()
  @refusesCredentials()
  @ApiZodResponse(404, refusalAnswerSchema, 'Transaction not found')
  async checkTransaction(@Body() body: Record<string, unknown> | undefined): Promise<z.infer<typeof checkedTransactionAnswerSchema>> {
    assertPrivateKey(body?.PrivateMerchantKey);
    const call = parse(checkTransactionSchema, body);
    const transaction = await this.store.current(call.TransactionId !== undefined ? { id: call.TransactionId } : { reference: call.Request?.References.Merchant ?? '' }, this.ipn);
    if (!transaction) throw new GatewayRefusal(404, 'Transaction not found');
    const answer = this.answer(transaction);
    return {
      ...answer,
      Transaction: { ...answer.Transaction, RequestType: transaction.requestType, RefundedAmount: transaction.refundedMinor, ParentId: transaction.parentId },
      Card: transaction.cardLast4 ? { LastFourDigits: transaction.cardLast4, ApplicationProfile: transaction.cardBrand } : null,
      // Only once the card holder's bank disputes the sale (the dispute test card, a moment after it).
      ...(transaction.dispute && { Dispute: { Id: transaction.dispute.id, Reason: transaction.dispute.reason, Amount: transaction.amountMinor, OpenedAt: transaction.dispute.openedAt.toISOString() } }),
    };
  }

  @Post('AdjustTransaction')
  @HttpCode(200)
  @ApiOperation({ summary: 'A refund (RequestType 2) of part or all of an approved sale; idempotent on Request.References.Merchant' })
  @protocolBody('PrivateMerchantKey, SessionKey, RequestType, TransactionId, Request.Transaction.Amount, Request.Transaction.Currency, Request.References.Merchant')
  @ApiZodResponse(200, adjustAnswerSchema, 'The refund (Result.Code 0); or Result.Code 1 and why none was made (an unknown or unapproved sale, another currency, more than remains)')
  @refusesMalformed()
  @refusesCredentials()
  @refusesReusedReference()
  async adjustTransaction(@Body() body: Record<string, unknown> | undefined): Promise<z.infer<typeof adjustAnswerSchema>> {
    assertPrivateKey(body?.PrivateMerchantKey);
    assertSessionKey(body?.SessionKey, Date.now());
    const call = parse(adjustTransactionSchema, body);
    const refund = await this.store.refund(call.TransactionId, {
      reference: call.Request.References.Merchant,
      amountMinor: call.Request.Transaction.Amount,
      currency: call.Request.Transaction.Currency,
    });
    // Refused: an answer (Result 1 and why), but nothing happened, so there is no transaction.
    if ('refused' in refund) return { Result: { Code: 1, Message: refund.refused } };
    if (refund.created) this.ipn.notify(refund.transaction);
    return this.answer(refund.transaction);
  }

  private answer(transaction: StoredTransaction): TransactionAnswer {
    return {
      Result: { Code: transaction.resultCode, Message: transaction.resultMessage },
      Transaction: { Id: transaction.id, Status: transaction.status, Amount: transaction.amountMinor, Currency: transaction.currency },
      References: { Merchant: transaction.reference },
      ...(transaction.status === 'pending' ? { Async: { RedirectUrl: `${this.config.publicUrl}/api/sandbox-gateway/3ds/${transaction.id}` } } : {}),
    };
  }
}
