import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { GatewayTarget } from './gateway-target.js';
import { PaymentGateway, REQUEST_TYPE, type CardSummary, type CheckedTransaction, type GatewayAnswer, type RefundRequest, type SaleRequest } from './payment-gateway.js';

/** A call that has not answered by then is a transport failure: the caller reconciles later by reference. */
const TIMEOUT_MS = 15_000;
/** A session key is renewed this long before it expires, so a call never carries one that dies in flight. */
const SESSION_MARGIN_MS = 60_000;

const resultSchema = z.object({ Code: z.number().int(), Message: z.string() });
const answerSchema = z.object({
  Result: resultSchema,
  Transaction: z.object({ Id: z.string() }).optional(),
  Async: z.object({ RedirectUrl: z.string() }).optional(),
});
const checkSchema = z.object({
  Result: resultSchema,
  Transaction: z.object({ Id: z.string(), Amount: z.number().int(), Currency: z.string() }),
  References: z.object({ Merchant: z.string() }),
  Card: z.object({ LastFourDigits: z.string(), ApplicationProfile: z.string() }).nullish(),
  Dispute: z.object({ Id: z.string(), Reason: z.string(), Amount: z.number().int() }).nullish(),
});
const describeSchema = z.object({ Card: z.object({ LastFourDigits: z.string(), ApplicationProfile: z.string() }) });
const sessionSchema = z.object({ SessionKey: z.string(), ExpiresAt: z.iso.datetime() });
const errorSchema = z.object({ Error: z.object({ Message: z.string() }) });

interface Reply {
  status: number;
  body: unknown;
}

/**
 * The PaymentGateway port over the gateway's documented web service (JSON over HTTP POST), whether the
 * embedded sandbox or the real gateway: only the target differs. Unreachable, slow (timeout) or failing
 * (5xx) gateways, and refused calls (bad credentials, malformed fields), throw; answers, declines
 * included, resolve.
 */
@Injectable()
export class HttpPaymentGateway extends PaymentGateway {
  /** Session keys from CreateSessionKey, per gateway and merchant key, reused until near their expiry. */
  private readonly sessions = new Map<string, { key: string; renewAt: number }>();

  async describeToken(target: GatewayTarget, token: string): Promise<CardSummary | null> {
    const reply = await this.post(target, 'tokens/describe', { Token: token });
    if (reply.status === 404) return null;
    const { Card } = this.read(describeSchema, reply, 'tokens/describe');
    return { brand: Card.ApplicationProfile, last4: Card.LastFourDigits };
  }

  async sale(target: GatewayTarget, request: SaleRequest): Promise<GatewayAnswer> {
    const reply = await this.postInSession(target, 'PayWithToken', {
      RequestType: REQUEST_TYPE.sale,
      Token: request.token,
      Request: {
        Transaction: {
          Amount: request.amountMinor,
          Currency: request.currency,
          IPNURL: request.ipnUrl,
          SuccessURL: request.successUrl,
          CancelURL: request.cancelUrl,
        },
        Customer: { Email: request.customer.email, FullName: request.customer.fullName },
        References: { Merchant: request.reference },
      },
      End3DSHostPostbackURL: request.end3DSPostbackUrl,
    });
    return this.toAnswer(this.read(answerSchema, reply, 'PayWithToken'));
  }

  async checkTransaction(target: GatewayTarget, by: { transactionId: string } | { reference: string }): Promise<CheckedTransaction | null> {
    const reply = await this.post(target, 'CheckTransaction', 'transactionId' in by ? { TransactionId: by.transactionId } : { Request: { References: { Merchant: by.reference } } });
    if (reply.status === 404) return null;
    const answer = this.read(checkSchema, reply, 'CheckTransaction');
    return {
      transactionId: answer.Transaction.Id,
      reference: answer.References.Merchant,
      resultCode: answer.Result.Code,
      resultMessage: answer.Result.Message,
      amountMinor: answer.Transaction.Amount,
      currency: answer.Transaction.Currency,
      card: answer.Card ? { brand: answer.Card.ApplicationProfile, last4: answer.Card.LastFourDigits } : null,
      ...(answer.Dispute ? { dispute: { id: answer.Dispute.Id, reason: answer.Dispute.Reason, amountMinor: answer.Dispute.Amount } } : {}),
    };
  }

  async refund(target: GatewayTarget, request: RefundRequest): Promise<GatewayAnswer> {
    const reply = await this.postInSession(target, 'AdjustTransaction', {
      RequestType: REQUEST_TYPE.refund,
      TransactionId: request.transactionId,
      Request: { Transaction: { Amount: request.amountMinor, Currency: request.currency }, References: { Merchant: request.reference } },
    });
    return this.toAnswer(this.read(answerSchema, reply, 'AdjustTransaction'));
  }

  private toAnswer(answer: z.output<typeof answerSchema>): GatewayAnswer {
    return { resultCode: answer.Result.Code, resultMessage: answer.Result.Message, transactionId: answer.Transaction?.Id ?? null, redirectUrl: answer.Async?.RedirectUrl ?? null };
  }

  /** A call that carries a session key; a refused key (expired early, gateway restarted) is renewed once. */
  private async postInSession(target: GatewayTarget, call: string, body: Record<string, unknown>): Promise<Reply> {
    const first = await this.post(target, call, { ...body, SessionKey: await this.sessionKey(target) });
    if (first.status !== 401) return first;
    this.sessions.delete(sessionId(target));
    return this.post(target, call, { ...body, SessionKey: await this.sessionKey(target) });
  }

  private async sessionKey(target: GatewayTarget): Promise<string> {
    const cached = this.sessions.get(sessionId(target));
    if (cached && cached.renewAt > Date.now()) return cached.key;
    const session = this.read(sessionSchema, await this.post(target, 'CreateSessionKey', {}), 'CreateSessionKey');
    this.sessions.set(sessionId(target), { key: session.SessionKey, renewAt: Date.parse(session.ExpiresAt) - SESSION_MARGIN_MS });
    return session.SessionKey;
  }

  private async post(target: GatewayTarget, call: string, body: Record<string, unknown>): Promise<Reply> {
    let response: Response;
    try {
      response = await fetch(`${target.baseUrl}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ PrivateMerchantKey: target.privateKey, ...body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`Payment gateway unreachable (${call}): ${(error as Error).message}`, { cause: error });
    }
    if (response.status >= 500) throw new Error(`Payment gateway failed (${call}): HTTP ${response.status}`);
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new Error(`Payment gateway answered ${call} with HTTP ${response.status} and no JSON`);
    }
  }

  /** The answer in the shape expected, or a throw naming the gateway's Error.Message. */
  private read<T extends z.ZodType>(schema: T, reply: Reply, call: string): z.output<T> {
    if (reply.status >= 200 && reply.status < 300) {
      const parsed = schema.safeParse(reply.body);
      if (parsed.success) return parsed.data;
      throw new Error(`Payment gateway answered ${call} in an unexpected shape`);
    }
    const error = errorSchema.safeParse(reply.body);
    throw new Error(`Payment gateway refused ${call} (HTTP ${reply.status}): ${error.success ? error.data.Error.Message : 'no Error.Message'}`);
  }
}

const sessionId = (target: GatewayTarget) => `${target.baseUrl}\n${target.privateKey}`;
