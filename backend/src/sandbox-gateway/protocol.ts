import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CardBehaviour } from './cards.js';

/**
 * The gateway's web-service protocol as the sandbox speaks it. The sandbox stands for a third party,
 * so it keeps its own copy of the documented codes rather than borrowing ours (payments/gateway).
 */

/** The merchant key the embedded sandbox accepts: it guards nothing real, it only exercises the field. */
export const SANDBOX_PRIVATE_KEY = 'sandbox_private_key';

export const REQUEST_TYPE = { sale: 0, completion: 1, refund: 2 } as const;

/** Transaction.Status: approved, declined, pending (3-D Secure) or refunded (all of a sale refunded). */
export const TRANSACTION_STATUSES = ['approved', 'declined', 'pending', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface Outcome {
  code: number;
  message: string;
  /** A refund, never an outcome, makes a sale refunded. */
  status: Exclude<TransactionStatus, 'refunded'>;
}

export const APPROVED: Outcome = { code: 0, message: 'Approved', status: 'approved' };
export const DECLINED: Outcome = { code: 1, message: 'Payment declined', status: 'declined' };
export const INVALID_CARD: Outcome = { code: 2, message: 'Invalid card details', status: 'declined' };
/** A 3-D Secure challenge the payer left unanswered past the window: the card's bank gives up on it. */
export const CHALLENGE_EXPIRED: Outcome = { code: 1, message: '3D Secure authentication expired', status: 'declined' };

/** How long a payer has to answer a 3-D Secure challenge (the EMV 3-D Secure 2 challenge window). */
export const CHALLENGE_WINDOW_MS = 10 * 60 * 1000;

export const OUTCOME_OF: Record<CardBehaviour, Outcome> = {
  approve: APPROVED,
  decline: DECLINED,
  invalid_details: INVALID_CARD,
  insufficient_funds: { code: 3, message: 'Insufficient funds', status: 'declined' },
  three_d_secure: { code: 7, message: '3D Secure authentication required', status: 'pending' },
  dispute: APPROVED,
};

/** A call the gateway refuses as such (credentials, malformed fields): HTTP status + Error.Message, no Result. */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

// ── Credentials ────────────────────────────────────────────────────────────────────────────────

const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export function assertPrivateKey(key: unknown): void {
  if (typeof key !== 'string' || !sameText(key, SANDBOX_PRIVATE_KEY)) throw new GatewayRefusal(401, 'Invalid PrivateMerchantKey');
}

/** How long a session key from CreateSessionKey is good for. */
export const SESSION_KEY_TTL_MS = 15 * 60 * 1000;

const signature = (expiresAt: number) => createHmac('sha256', SANDBOX_PRIVATE_KEY).update(`session:${expiresAt}`).digest('base64url');

/**
 * A session key is its expiry signed with the merchant key: stateless, so every app instance can check
 * it, and only a holder of the merchant key can make one.
 */
export function createSessionKey(now: number): { sessionKey: string; expiresAt: Date } {
  const expiresAt = now + SESSION_KEY_TTL_MS;
  return { sessionKey: `ses_${expiresAt}_${signature(expiresAt)}`, expiresAt: new Date(expiresAt) };
}

export function assertSessionKey(sessionKey: unknown, now: number): void {
  const match = typeof sessionKey === 'string' ? /^ses_(\d{13})_([\w-]{43})$/.exec(sessionKey) : null;
  if (!match) throw new GatewayRefusal(401, 'A SessionKey from CreateSessionKey is required');
  const expiresAt = Number(match[1]);
  if (!sameText(match[2] ?? '', signature(expiresAt))) throw new GatewayRefusal(401, 'Invalid SessionKey');
  if (expiresAt <= now) throw new GatewayRefusal(401, 'SessionKey has expired: create a new one');
}

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
// A max without its own message would say the schema's "is required" (zod 4): every max here names its limit.
const reference = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const identifier = z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters');
const amount = z.number({ error: 'must be an integer amount in minor units' }).int('must be an integer amount in minor units').positive('must be greater than 0').max(Number.MAX_SAFE_INTEGER);
const currency = z
  .string({ error: 'must be a 3-letter ISO code' })
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO code')
  .transform((code) => code.toUpperCase());

export const credentialsSchema = z.object({ PrivateMerchantKey: z.unknown(), SessionKey: z.unknown() });

export const payWithTokenSchema = z.object({
  RequestType: z.literal(REQUEST_TYPE.sale, { error: 'must be 0 (sale): sandbox sales settle at once, there is no completion' }),
  Token: identifier,
  Request: z.object({
    Transaction: z.object({
      Amount: amount,
      Currency: currency,
      Account: z.string().max(200).optional(),
      Terminal: z.string().max(200).optional(),
      IPNURL: url.optional(),
      SuccessURL: url.optional(),
      CancelURL: url.optional(),
    }),
    Customer: z.object({ Email: z.string().max(320).optional(), FullName: z.string().max(200).optional() }).optional(),
    References: z.object({ Merchant: reference }),
  }),
  End3DSHostPostbackURL: url,
});

export const checkTransactionSchema = z
  .object({
    TransactionId: z.string().min(1).max(200).optional(),
    Request: z.object({ References: z.object({ Merchant: reference }) }).optional(),
  })
  .refine((body) => (body.TransactionId === undefined) !== (body.Request === undefined), {
    message: 'give either TransactionId or Request.References.Merchant',
    path: ['TransactionId'],
  });

export const adjustTransactionSchema = z.object({
  RequestType: z.literal(REQUEST_TYPE.refund, { error: 'must be 2 (refund): sandbox sales settle at once, there is no completion' }),
  TransactionId: identifier,
  Request: z.object({
    Transaction: z.object({ Amount: amount, Currency: currency }),
    References: z.object({ Merchant: reference }),
  }),
});

export const describeTokenSchema = z.object({ Token: identifier });

/** The first problem of a malformed call, as Error.Message: "Request.Transaction.Amount must be …". */
export function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'Body';
  throw new GatewayRefusal(400, `${field} ${issue?.message ?? 'is not valid'}`);
}

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

/** A refused call: the HTTP status says what kind, Error.Message why; there is no Result. */
export const refusalAnswerSchema = z.object({ Error: z.object({ Message: z.string() }) });

/** A sale's or a refund's state, as PayWithToken, AdjustTransaction and CheckTransaction answer it. */
export const transactionAnswerSchema = z.object({
  Result: z.object({ Code: z.number().int(), Message: z.string() }),
  Transaction: z.object({ Id: z.string(), Status: z.enum(TRANSACTION_STATUSES), Amount: z.number().int(), Currency: z.string() }),
  References: z.object({ Merchant: z.string() }),
  /** Only while a sale waits for 3-D Secure: where to send the payer. */
  Async: z.object({ RedirectUrl: z.string() }).optional(),
});
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

const cardAnswer = z.object({ LastFourDigits: z.string(), ApplicationProfile: z.string() });

/** CheckTransaction: the state and what the transaction is (a sale or a refund of one), its card, a dispute once opened. */
export const checkedTransactionAnswerSchema = transactionAnswerSchema.extend({
  Transaction: transactionAnswerSchema.shape.Transaction.extend({ RequestType: z.number().int(), RefundedAmount: z.number().int(), ParentId: z.string().nullable() }),
  Card: cardAnswer.extend({ ApplicationProfile: z.string().nullable() }).nullable(),
  Dispute: z.object({ Id: z.string(), Reason: z.string(), Amount: z.number().int(), OpenedAt: z.string() }).optional(),
});

/** AdjustTransaction: the refund, or Result 1 and why none was made. */
export const adjustAnswerSchema = z.union([transactionAnswerSchema, z.object({ Result: z.object({ Code: z.literal(1), Message: z.string() }) })]);

export const sessionKeyAnswerSchema = z.object({ SessionKey: z.string(), ExpiresAt: z.string() });

export const describedTokenAnswerSchema = z.object({ Card: cardAnswer });
