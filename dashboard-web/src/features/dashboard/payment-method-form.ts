import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import {
  addPaymentMethodSchema,
  configurePaymentMethodSchema,
  DEFAULT_FEES,
  type AddPaymentMethodRequest,
  type ConfigurePaymentMethodRequest,
  type PaymentMethod,
  type PaymentMethodType,
} from '@tallyline/contracts';

/** What the payment method form holds: text as typed; an empty fee means "the type's default" (add) or "unchanged" (configure). */
export interface PaymentMethodFormValues {
  name: string;
  type: PaymentMethodType | '';
  processingFee: string;
  fixedFee: string;
  isActive: boolean;
}

export const EMPTY_PAYMENT_METHOD: PaymentMethodFormValues = { name: '', type: '', processingFee: '', fixedFee: '', isActive: true };

export function formValuesOf(method: PaymentMethod): PaymentMethodFormValues {
  return { name: method.name, type: method.type, processingFee: String(method.processingFee), fixedFee: method.fixedFee, isActive: method.isActive };
}

/** "2.9" → 2.9; anything not a number stays NaN so the contract's own message reports it. */
const percent = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
const amount = (text: string) => (text.trim() === '' ? undefined : text.trim());

export function addRequest(values: PaymentMethodFormValues): AddPaymentMethodRequest {
  return {
    name: values.name,
    type: values.type as PaymentMethodType,
    isActive: values.isActive,
    processingFee: percent(values.processingFee),
    fixedFee: amount(values.fixedFee),
  };
}

export function configureRequest(values: PaymentMethodFormValues): ConfigurePaymentMethodRequest {
  return { name: values.name, isActive: values.isActive, processingFee: percent(values.processingFee), fixedFee: amount(values.fixedFee) };
}

/**
 * The server's own schemas check the form: the values become the request first, and `raw` keeps
 * them as sent (the schema's output is in basis points and cents, which the API does not take).
 */
export function paymentMethodResolver(mode: 'add' | 'configure'): Resolver<PaymentMethodFormValues> {
  const schema = mode === 'add' ? addPaymentMethodSchema : configurePaymentMethodSchema;
  const toRequest = mode === 'add' ? addRequest : configureRequest;
  const validate = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await validate(toRequest(values), context, options as never);
    return Object.keys(result.errors).length ? { values: {}, errors: result.errors } : { values, errors: {} };
  };
}

/** Spec §9: a custom method shows processingFee% + $fixedFee, in USD with en-US formatting. */
export function customFeeLabel(method: Pick<PaymentMethod, 'processingFee' | 'fixedFee'>): string {
  const fixed = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(method.fixedFee));
  return `${method.processingFee}% + ${fixed}`;
}

/** The default fee of a type, as the form's placeholder. */
export function defaultFeeOf(type: PaymentMethodType) {
  const fees = DEFAULT_FEES[type];
  return { processingFee: String(fees.processingFeeBps / 100), fixedFee: (fees.fixedFeeMinor / 100).toFixed(2) };
}
