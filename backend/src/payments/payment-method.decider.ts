import { DEFAULT_FEES, PAYMENT_METHOD_MESSAGES, type PaymentMethodType } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { PaymentMethodConfigured, PaymentMethodEvent } from './payment-method.events.js';

type Settings = PaymentMethodConfigured['data']['changes'];

export type PaymentMethodState =
  | { status: 'none' }
  | { status: 'added'; paymentMethodId: string; merchantId: string; name: string; isActive: boolean; processingFeeBps: number; fixedFeeMinor: number };

export type PaymentMethodCommand =
  | {
      type: 'AddPaymentMethod';
      paymentMethodId: string;
      merchantId: string;
      name: string;
      methodType: PaymentMethodType;
      isActive?: boolean | undefined;
      processingFeeBps?: number | undefined;
      fixedFeeMinor?: number | undefined;
      at: Date;
    }
  /** `merchantId` is the caller: another merchant's method is not found, never changed. */
  | { type: 'ConfigurePaymentMethod'; merchantId: string; changes: { [K in keyof Settings]?: Settings[K] | undefined }; at: Date };

const notFound = () => new DomainError('not_found', PAYMENT_METHOD_MESSAGES.notFound);

export const paymentMethodDecider: Decider<PaymentMethodState, PaymentMethodCommand, PaymentMethodEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PaymentMethodAdded': {
        const { paymentMethodId, merchantId, name, isActive, processingFeeBps, fixedFeeMinor } = event.data;
        return { status: 'added', paymentMethodId, merchantId, name, isActive, processingFeeBps, fixedFeeMinor };
      }
      case 'PaymentMethodConfigured':
        return state.status === 'added' ? { ...state, ...event.data.changes } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AddPaymentMethod': {
        if (state.status !== 'none') throw new DomainError('conflict', 'Payment method already exists');
        const defaults = DEFAULT_FEES[command.methodType];
        return [
          {
            type: 'PaymentMethodAdded',
            data: {
              paymentMethodId: command.paymentMethodId,
              merchantId: command.merchantId,
              name: command.name,
              methodType: command.methodType,
              isActive: command.isActive ?? true,
              processingFeeBps: command.processingFeeBps ?? defaults.processingFeeBps,
              fixedFeeMinor: command.fixedFeeMinor ?? defaults.fixedFeeMinor,
              addedAt: command.at.toISOString(),
            },
          },
        ];
      }
      case 'ConfigurePaymentMethod': {
        if (state.status !== 'added' || state.merchantId !== command.merchantId) throw notFound();
        // Only what differs is recorded; a PATCH that changes nothing appends nothing.
        const changes: Settings = {};
        for (const [key, value] of Object.entries(command.changes) as [keyof Settings, Settings[keyof Settings]][]) {
          if (value !== undefined && value !== state[key]) Object.assign(changes, { [key]: value });
        }
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'PaymentMethodConfigured', data: { paymentMethodId: state.paymentMethodId, merchantId: state.merchantId, changes, configuredAt: command.at.toISOString() } }];
      }
    }
  },
};
