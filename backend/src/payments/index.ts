// The payments feature's public API: everything outside payments/ imports from here only.
export { PaymentMethodsModule } from './payment-methods.module.js';
