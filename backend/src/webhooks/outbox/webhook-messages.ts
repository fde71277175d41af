import { formatMinor, type Environment, type WebhookEventType } from '@tallyline/contracts';
import { isCryptoPaymentEvent, type CryptoPaymentEvent } from '../../crypto-payments/index.js';
import { isMerchantEvent } from '../../merchants/index.js';
import { contactOf, isApplicationEvent, type ApplicationSubmitted } from '../../onboarding/index.js';
import { isPaymentEvent, type PaymentEvent } from '../../payments/index.js';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port.js';

/** One event as integrators see it: who it is for, and the body every matching endpoint receives. */
export interface WebhookMessage {
  merchantId: string;
  /** Endpoints of these environments receive it. */
  environments: Environment[];
  type: WebhookEventType;
  payload: { type: WebhookEventType } & Record<string, unknown>;
}

/** What a source may ask besides the log. The reactor answers as of the event's position. */
export interface WebhookLookups {
  /** The account (and so the merchant: one per account, same id) signed up with this e-mail. */
  accountIdOf(email: string): Promise<string | undefined>;
}

type Source = (event: StoredEvent, store: EventStore, lookups: WebhookLookups) => Promise<WebhookMessage | undefined>;

/** The payment's events up to `event`, from the log: later events must not leak into an older message. */
async function paymentUpTo(event: StoredEvent, store: EventStore) {
  // A creation opens its stream: nothing before it to read (most webhooks are creations).
  const events = event.type === 'PaymentCreated' ? [event] : await store.readStream(event.streamId, { to: event.streamVersion });
  const history = events.filter(isPaymentEvent) as PaymentEvent[];
  const created = history.find((e) => e.type === 'PaymentCreated')?.data;
  const refundedMinor = history.reduce((sum, e) => sum + (e.type === 'RefundCompleted' ? e.data.amountMinor : 0), 0);
  return created && { created, refundedMinor };
}

/** The spec's traditional payload: transaction_id, status, amount (major units), currency, … */
function payment(type: WebhookEventType, status: string | ((refunded: boolean) => string)): Source {
  return async (event, store) => {
    const payment = await paymentUpTo(event, store);
    if (!payment) return undefined;
    const { created, refundedMinor } = payment;
    const refund = type.startsWith('refund.') && isPaymentEvent(event) && 'refundId' in event.data ? { refund_id: event.data.refundId, refund_amount: formatMinor(event.data.amountMinor, created.currency) } : {};
    const dispute =
      isPaymentEvent(event) && event.type === 'DisputeOpened'
        ? { dispute_id: event.data.disputeId, dispute_amount: formatMinor(event.data.amountMinor, created.currency), dispute_reason: event.data.reason }
        : {};
    return {
      merchantId: created.merchantId,
      environments: [created.environment],
      type,
      payload: {
        type,
        transaction_id: created.paymentId,
        status: typeof status === 'string' ? status : status(refundedMinor >= created.amountMinor),
        amount: formatMinor(created.amountMinor, created.currency),
        currency: created.currency,
        order_id: created.orderId,
        customer_email: created.customerEmail,
        payment_method: created.paymentMethod,
        environment: created.environment,
        ...refund,
        ...dispute,
        timestamp: event.recordedAt.toISOString(),
      },
    };
  };
}

const environmentSwitched: Source = async (event) => {
  if (!isMerchantEvent(event) || event.type !== 'EnvironmentSwitched') return undefined;
  const { merchantId, from, to } = event.data;
  // Both environments' endpoints hear of it: it ends one's traffic and starts the other's.
  const payload = { type: 'environment.switched' as const, environment: to, previous_environment: from, timestamp: event.recordedAt.toISOString() };
  return { merchantId, environments: [from, to], type: 'environment.switched', payload };
};

/** The spec's crypto payload; the type follows the status the event leaves the payment in. */
const cryptoPayment: Source = async (event, store) => {
  const history = (await store.readStream(event.streamId, { to: event.streamVersion })).filter(isCryptoPaymentEvent) as CryptoPaymentEvent[];
  const created = history.find((e) => e.type === 'CryptoPaymentCreated')?.data;
  if (!created) return undefined;
  let status = 'pending';
  let chain: { blockchain_tx_hash: string | null; confirmations: number | null } = { blockchain_tx_hash: null, confirmations: null };
  for (const e of history) {
    if (e.type === 'CryptoPaymentExpired') status = 'expired';
    if (e.type !== 'CryptoPaymentStatusChanged') continue;
    status = e.data.to;
    chain = { blockchain_tx_hash: e.data.blockchainTxHash ?? chain.blockchain_tx_hash, confirmations: e.data.confirmations ?? chain.confirmations };
  }
  const type = `crypto_payment.${event.type === 'CryptoPaymentCreated' ? 'created' : status}` as WebhookEventType;
  return {
    merchantId: created.merchantId,
    environments: [created.environment],
    type,
    payload: {
      type,
      payment_id: created.paymentId,
      status,
      amount: formatMinor(created.amountMinor, created.currency),
      currency: created.currency,
      crypto_amount: created.cryptoAmount,
      crypto_currency: created.targetCrypto,
      ...chain,
      environment: created.environment,
      timestamp: event.recordedAt.toISOString(),
    },
  };
};

/**
 * A staff decision on the merchant's own application: the one whose contact e-mail is the merchant
 * owner's account e-mail (the match merchant activation makes). An application belongs to the
 * account, not to an environment, so both environments' endpoints hear of it and the payload names none.
 */
const applicationStatusChanged: Source = async (event, store, lookups) => {
  if (!isApplicationEvent(event) || event.type !== 'StatusChanged') return undefined;
  const history = await store.readStream(event.streamId, { to: event.streamVersion });
  const submitted = history.find((e): e is StoredEvent & ApplicationSubmitted => isApplicationEvent(e) && e.type === 'ApplicationSubmitted');
  if (!submitted) return undefined;
  const merchantId = await lookups.accountIdOf(contactOf(submitted.data).contactEmail);
  if (!merchantId) return undefined;
  const type = 'application.status_changed' as const;
  const { applicationId, from, to } = event.data;
  const payload = { type, application_id: applicationId, reference: submitted.data.reference, status: to, previous_status: from, timestamp: event.recordedAt.toISOString() };
  return { merchantId, environments: ['production', 'staging'], type, payload };
};

/**
 * Which domain events become webhooks, and how: the one place to add a mapping. Keyed by the stored
 * event's type.
 */
export const WEBHOOK_SOURCES: Record<string, Source> = {
  PaymentCreated: payment('payment.created', 'pending'),
  PaymentCompleted: payment('payment.completed', 'completed'),
  PaymentFailed: payment('payment.failed', 'failed'),
  // The card holder's bank took the money back (a chargeback): revenue no longer counts it.
  DisputeOpened: payment('payment.disputed', 'disputed'),
  RefundCompleted: payment('refund.completed', (full) => (full ? 'refunded' : 'completed')),
  RefundFailed: payment('refund.failed', 'completed'),
  EnvironmentSwitched: environmentSwitched,
  CryptoPaymentCreated: cryptoPayment,
  CryptoPaymentStatusChanged: cryptoPayment,
  CryptoPaymentExpired: cryptoPayment,
  StatusChanged: applicationStatusChanged,
};

export function webhookMessageOf(event: StoredEvent, store: EventStore, lookups: WebhookLookups): Promise<WebhookMessage | undefined> {
  return WEBHOOK_SOURCES[event.type]?.(event, store, lookups) ?? Promise.resolve(undefined);
}
