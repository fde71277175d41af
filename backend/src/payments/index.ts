// The payments feature's public API: everything outside payments/ imports from here only.
export { PaymentMethodsModule } from './payment-methods.module.js';
export { CreatePayment } from './create-payment/create-payment.command.js';
export { PayPayment } from './pay-payment/pay-payment.command.js';
export { RefundPayment } from './refund-payment/refund-payment.command.js';
export { BindIdempotencyKey } from './idempotency/bind-idempotency-key.command.js';
export { idempotencyKeyIdOf } from './idempotency/bind-idempotency-key.handler.js';
export { ApiIdempotencyKeyHeader, idempotencyKeyOf } from './idempotency/idempotency-key-header.js';
export { isPaymentEvent, type PaymentEvent } from './payment.events.js';
export { PaymentsModule } from './payments.module.js';
export { PaymentReportsModule } from './payment-reports.module.js';
export { PaymentQueries } from './payments.queries.js';
export { PaymentView } from './read-models/payment.entity.js';
export { CancelPayment } from './cancel-payment/cancel-payment.command.js';
export { TestCardTokens } from './gateway/test-card-tokens.js';
export { evolvePayment } from './read-models/payments.projection.js';
