// The crypto payments feature's public API: everything outside crypto-payments/ imports from here only.
export { isCryptoPaymentEvent, type CryptoPaymentEvent } from './crypto-payment.events.js';
export { CryptoPaymentsModule } from './crypto-payments.module.js';
