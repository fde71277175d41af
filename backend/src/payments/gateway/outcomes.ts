import { Logger } from '@nestjs/common';
import { PAYMENT_MESSAGES, type Environment } from '@tallyline/contracts';
import type { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import type { AttemptOutcome, RefundOutcome } from '../payment.decider.js';
import { gatewayTarget, type GatewayTarget } from './gateway-target.js';
import { GATEWAY_MESSAGES, GATEWAY_RESULT, type CheckedTransaction, type GatewayAnswer } from './payment-gateway.js';

/** The result code we record when the gateway has no transaction for an attempt (it never got the call). */
export const NO_TRANSACTION_CODE = 99;

/** The message a payer sees for a result code: the gateway's own when it gave one. */
export function messageOf(resultCode: number, gatewayMessage: string): string {
  if (resultCode === GATEWAY_RESULT.approved) return PAYMENT_MESSAGES.paymentApproved;
  return gatewayMessage || (GATEWAY_MESSAGES as Record<number, string>)[resultCode] || GATEWAY_MESSAGES.unknown;
}

/**
 * What a sale's answer means for the attempt. An answer that contradicts itself (approved without a
 * transaction, 3-D Secure without a page) is no answer: the caller asks CheckTransaction instead.
 */
export function saleOutcome(answer: GatewayAnswer): AttemptOutcome {
  const { resultCode, transactionId, redirectUrl } = answer;
  if (resultCode === GATEWAY_RESULT.approved) {
    if (!transactionId) throw new Error('The gateway approved a sale without a transaction id');
    return { kind: 'approved', gatewayTransactionId: transactionId };
  }
  if (resultCode === GATEWAY_RESULT.threeDSecureRequired) {
    if (!transactionId || !redirectUrl) throw new Error('The gateway asked for 3-D Secure without a transaction id or page');
    return { kind: 'requires_action', gatewayTransactionId: transactionId, redirectUrl };
  }
  return { kind: 'failed', gatewayTransactionId: transactionId, resultCode, reason: messageOf(resultCode, answer.resultMessage) };
}

/** The gateway's own record of an attempt; null while the payer is still at the 3-D Secure page. */
export function checkedSaleOutcome(checked: CheckedTransaction): AttemptOutcome | null {
  if (checked.resultCode === GATEWAY_RESULT.approved) return { kind: 'approved', gatewayTransactionId: checked.transactionId };
  if (checked.resultCode === GATEWAY_RESULT.threeDSecureRequired) return null;
  return { kind: 'failed', gatewayTransactionId: checked.transactionId, resultCode: checked.resultCode, reason: messageOf(checked.resultCode, checked.resultMessage) };
}

export const NEVER_RECEIVED: AttemptOutcome = { kind: 'failed', gatewayTransactionId: null, resultCode: NO_TRANSACTION_CODE, reason: GATEWAY_MESSAGES.system };

/** A refund's answer, or the gateway's record of it: approved is done, anything else refunded nothing. */
export function refundOutcome(answer: { resultCode: number; resultMessage: string; transactionId: string | null }): RefundOutcome {
  if (answer.resultCode !== GATEWAY_RESULT.approved) return { kind: 'failed', reason: messageOf(answer.resultCode, answer.resultMessage) };
  if (!answer.transactionId) throw new Error('The gateway approved a refund without a transaction id');
  return { kind: 'completed', gatewayTransactionId: answer.transactionId };
}

/** Where an environment's payments go; without one (production, no credentials) nothing can be charged. */
export function targetOf(config: AppConfig, environment: Environment): GatewayTarget {
  const target = gatewayTarget(config, environment);
  if (!target) throw new DomainError('unavailable', PAYMENT_MESSAGES.gatewayNotConfigured);
  return target;
}

const logger = new Logger('PaymentGateway');

/** A gateway we cannot reach is a 503 for our caller (logged here), not a 500. */
export async function reachGateway<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.warn(`${what} failed: ${(error as Error).message}`);
    throw new DomainError('unavailable', PAYMENT_MESSAGES.gatewayUnavailable);
  }
}
