import type { GatewayTarget } from './gateway-target.js';

/** Result codes of the documented gateway protocol (payment guide's reading of 2 and 3). */
export const GATEWAY_RESULT = {
  approved: 0,
  declined: 1,
  invalidCardDetails: 2,
  insufficientFunds: 3,
  threeDSecureRequired: 7,
} as const;

/** The gateway's documented result messages, shown to the payer as they are. */
export const GATEWAY_MESSAGES = {
  [GATEWAY_RESULT.declined]: 'Payment declined',
  [GATEWAY_RESULT.invalidCardDetails]: 'Invalid card details',
  [GATEWAY_RESULT.insufficientFunds]: 'Insufficient funds',
  [GATEWAY_RESULT.threeDSecureRequired]: '3D Secure authentication required',
  unknown: 'Unknown error',
  system: 'System error occurred',
} as const;

/** Request types of the documented protocol. */
export const REQUEST_TYPE = { sale: 0, completion: 1, refund: 2 } as const;

/** What a card token stands for; the card number itself never leaves the gateway. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A sale (request type 0), paid with a token from the gateway's tokenization. */
export interface SaleRequest {
  token: string;
  amountMinor: number;
  /** Upper-case ISO 4217. */
  currency: string;
  /** References.Merchant: unique to this attempt, so the gateway can be asked about it later. */
  reference: string;
  customer: { email: string; fullName: string };
  /** Where the gateway sends its IPN after the outcome (our POST /api/webhooks/{gateway name}); none for a backdated call. */
  ipnUrl?: string;
  successUrl: string;
  cancelUrl: string;
  /** Where the gateway's 3-D Secure page posts back when the payer is done (End3DSHostPostbackURL). */
  end3DSPostbackUrl: string;
}

/** The gateway's answer to a sale or a refund (Result.Code, Result.Message, Transaction.Id, Async.RedirectUrl). */
export interface GatewayAnswer {
  resultCode: number;
  resultMessage: string;
  /** null when the gateway never created a transaction (for example a system error). */
  transactionId: string | null;
  /** Set with result code 7: the 3-D Secure page the payer must visit. */
  redirectUrl: string | null;
}

/** CheckTransaction: the gateway's own record of a transaction, the only thing an IPN is trusted through. */
export interface CheckedTransaction {
  transactionId: string;
  reference: string;
  resultCode: number;
  resultMessage: string;
  amountMinor: number;
  currency: string;
  card: CardSummary | null;
  /** The card holder's bank disputes the sale (a chargeback); absent while nobody does. */
  dispute?: { id: string; reason: string; amountMinor: number };
}

/** A refund (AdjustTransaction, request type 2) of part or all of a completed sale. */
export interface RefundRequest {
  transactionId: string;
  amountMinor: number;
  currency: string;
  /** References.Merchant of this refund, unique to it. */
  reference: string;
}

/**
 * The card gateway, as its documented web service speaks (CreateSessionKey, PayWithToken,
 * CheckTransaction, AdjustTransaction). Every call names its target, so staging and production can
 * point at different gateways. Transport failures throw; answers (even declines) resolve.
 */
export abstract class PaymentGateway {
  /** The card a token stands for, or null when the gateway does not know the token. */
  abstract describeToken(target: GatewayTarget, token: string): Promise<CardSummary | null>;

  abstract sale(target: GatewayTarget, request: SaleRequest): Promise<GatewayAnswer>;

  /** Looks a transaction up by its id or by the merchant reference of the call; null when there is none. */
  abstract checkTransaction(target: GatewayTarget, by: { transactionId: string } | { reference: string }): Promise<CheckedTransaction | null>;

  abstract refund(target: GatewayTarget, request: RefundRequest): Promise<GatewayAnswer>;
}
