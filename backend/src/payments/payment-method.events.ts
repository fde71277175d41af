import type { PaymentMethodType } from '@tallyline/contracts';
import { eventGuard } from '../platform/event-store/event-guard.js';

/** A merchant's custom payment method (stream payment_method-{id}). Fees: basis points and cents. */
export interface PaymentMethodAdded {
  type: 'PaymentMethodAdded';
  data: {
    paymentMethodId: string;
    merchantId: string;
    name: string;
    methodType: PaymentMethodType;
    isActive: boolean;
    processingFeeBps: number;
    fixedFeeMinor: number;
    addedAt: string;
  };
}

/** Only the fields the merchant changed, each with its new value. */
export interface PaymentMethodConfigured {
  type: 'PaymentMethodConfigured';
  data: {
    paymentMethodId: string;
    merchantId: string;
    changes: Partial<{ name: string; isActive: boolean; processingFeeBps: number; fixedFeeMinor: number }>;
    configuredAt: string;
  };
}

export type PaymentMethodEvent = PaymentMethodAdded | PaymentMethodConfigured;

export const isPaymentMethodEvent = eventGuard<PaymentMethodEvent>({ PaymentMethodAdded: true, PaymentMethodConfigured: true });
