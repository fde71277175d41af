import { CRYPTO_MESSAGES, CRYPTO_PAYMENT_TTL_MINUTES, PAYMENT_MESSAGES, type CryptoPaymentStatus } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { CryptoPaymentCreated, CryptoPaymentEvent, CryptoPaymentStatusChanged } from './crypto-payment.events.js';

type Created = CryptoPaymentCreated['data'];

export type CryptoPaymentState = { status: 'none' } | { status: CryptoPaymentStatus; created: Created };

/** orderId as asked: null (none given) becomes order_<ms of creation>. */
export type CreateCryptoPaymentCommand = { type: 'CreateCryptoPayment'; at: Date; orderId: string | null } & Omit<Created, 'createdAt' | 'expiresAt' | 'orderId'>;

/** What the provider reports about the payer's transaction. */
export interface RecordProviderStatusCommand {
  type: 'RecordProviderStatus';
  to: 'processing' | 'completed' | 'failed';
  blockchainTxHash?: string;
  confirmations?: number;
  at: Date;
}

export interface ExpireCryptoPaymentCommand {
  type: 'ExpireCryptoPayment';
  at: Date;
}

export type CryptoPaymentCommand = CreateCryptoPaymentCommand | RecordProviderStatusCommand | ExpireCryptoPaymentCommand;

type Existing = Exclude<CryptoPaymentState, { status: 'none' }>;

function existing(state: CryptoPaymentState): Existing {
  if (state.status === 'none') throw new DomainError('not_found', CRYPTO_MESSAGES.notFound);
  return state;
}

/** What a create request asked for, compared when its Idempotency-Key comes again; the quote is the first one's. */
const REQUEST_FIELDS = ['merchantId', 'environment', 'amountMinor', 'currency', 'targetCrypto', 'customerEmail', 'customerName'] as const satisfies (keyof Created)[];

// Spec §5: an empty order ID becomes order_ plus a timestamp (of creation, so a repeat names the same one).
const orderIdOf = (command: CreateCryptoPaymentCommand, createdAt: Date) => command.orderId ?? `order_${createdAt.getTime()}`;

/**
 * A payment's id may be derived from its Idempotency-Key, so a repeated request lands on the same
 * stream: the same request is the first answer (no new event), another one is refused.
 */
function create(command: CreateCryptoPaymentCommand, state: CryptoPaymentState): CryptoPaymentEvent[] {
  if (state.status !== 'none') {
    const { created } = state;
    const same = REQUEST_FIELDS.every((field) => created[field] === command[field]) && created.orderId === orderIdOf(command, new Date(created.createdAt));
    if (same) return [];
    throw new DomainError('unprocessable', PAYMENT_MESSAGES.idempotencyMismatch);
  }
  const { type: _type, at, ...data } = command;
  const expiresAt = new Date(at.getTime() + CRYPTO_PAYMENT_TTL_MINUTES * 60_000);
  return [{ type: 'CryptoPaymentCreated', data: { ...data, orderId: orderIdOf(command, at), createdAt: at.toISOString(), expiresAt: expiresAt.toISOString() } }];
}

const isDue = (payment: Existing, at: Date) => at.getTime() >= Date.parse(payment.created.expiresAt);

/**
 * pending → processing → completed | failed. A report that skips processing passes through it, so
 * every payment shows the same path; the same report again records nothing (the provider repeats).
 */
function recordProviderStatus(command: RecordProviderStatusCommand, state: CryptoPaymentState): CryptoPaymentEvent[] {
  const payment = existing(state);
  if (payment.status === command.to) return [];
  if (payment.status === 'expired' || (payment.status === 'pending' && isDue(payment, command.at))) throw new DomainError('illegal_state', CRYPTO_MESSAGES.expired);
  if (payment.status === 'completed' || payment.status === 'failed') throw new DomainError('illegal_state', CRYPTO_MESSAGES.alreadySettled);
  const changed = (from: CryptoPaymentStatus, to: CryptoPaymentStatus): CryptoPaymentStatusChanged => ({
    type: 'CryptoPaymentStatusChanged',
    data: {
      paymentId: payment.created.paymentId,
      from,
      to,
      ...(command.blockchainTxHash === undefined ? {} : { blockchainTxHash: command.blockchainTxHash }),
      ...(command.confirmations === undefined ? {} : { confirmations: command.confirmations }),
      at: command.at.toISOString(),
    },
  });
  if (payment.status === 'pending' && command.to !== 'processing') return [changed('pending', 'processing'), changed('processing', command.to)];
  return [changed(payment.status, command.to)];
}

/** Only an unpaid payment whose time is up expires; once the payer's transaction is seen it never does. */
function expire(command: ExpireCryptoPaymentCommand, state: CryptoPaymentState): CryptoPaymentEvent[] {
  const payment = existing(state);
  if (payment.status === 'expired') return [];
  if (payment.status !== 'pending') throw new DomainError('illegal_state', CRYPTO_MESSAGES.paidNeverExpires);
  if (!isDue(payment, command.at)) throw new DomainError('illegal_state', CRYPTO_MESSAGES.notDue);
  return [{ type: 'CryptoPaymentExpired', data: { paymentId: payment.created.paymentId, at: command.at.toISOString() } }];
}

function evolve(state: CryptoPaymentState, event: CryptoPaymentEvent): CryptoPaymentState {
  if (event.type === 'CryptoPaymentCreated') return { status: 'pending', created: event.data };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CryptoPaymentStatusChanged':
      return { ...state, status: event.data.to };
    case 'CryptoPaymentExpired':
      return { ...state, status: 'expired' };
  }
}

export const cryptoPaymentDecider: Decider<CryptoPaymentState, CryptoPaymentCommand, CryptoPaymentEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateCryptoPayment':
        return create(command, state);
      case 'RecordProviderStatus':
        return recordProviderStatus(command, state);
      case 'ExpireCryptoPayment':
        return expire(command, state);
    }
  },
};
