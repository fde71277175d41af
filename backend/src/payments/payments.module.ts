import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CancelPaymentHandler } from './cancel-payment/cancel-payment.handler.js';
import { CheckoutController } from './checkout.controller.js';
import { ClientPaymentsController, PaymentsAliasController } from './client-payments.controller.js';
import { CreatePaymentHandler } from './create-payment/create-payment.handler.js';
import { IpnSettingsController } from './ipn-settings.controller.js';
import { BindIdempotencyKeyHandler } from './idempotency/bind-idempotency-key.handler.js';
import { HttpPaymentGateway } from './gateway/http-payment-gateway.js';
import { PaymentGateway } from './gateway/payment-gateway.js';
import { TestCardTokens } from './gateway/test-card-tokens.js';
import { GatewayCallQueries } from './gateway-calls.queries.js';
import { PayPaymentHandler } from './pay-payment/pay-payment.handler.js';
import { PaymentQueries } from './payments.queries.js';
import { ProcessIpnHandler } from './process-ipn/process-ipn.handler.js';
import { GatewayCallView } from './read-models/gateway-call.entity.js';
import { GatewayCallsProjection } from './read-models/gateway-calls.projection.js';
import { PaymentStatFacts } from './read-models/payment-stats.entity.js';
import { PaymentStatsProjection } from './read-models/payment-stats.projection.js';
import { PaymentView } from './read-models/payment.entity.js';
import { PaymentsProjection } from './read-models/payments.projection.js';
import { GatewayReconciliation } from './reconciliation/gateway-reconciliation.js';
import { RefundPaymentHandler } from './refund-payment/refund-payment.handler.js';
import { RefundsController } from './refunds.controller.js';
import { SettleGatewayCallHandler } from './settle-gateway-call/settle-gateway-call.handler.js';
import { WebhooksController } from './webhooks.controller.js';

/** Card payments: creation, checkout through the gateway, refunds, the gateway's IPN, reconciliation. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentView, GatewayCallView, PaymentStatFacts])],
  controllers: [ClientPaymentsController, PaymentsAliasController, CheckoutController, WebhooksController, RefundsController, IpnSettingsController],
  providers: [
    CreatePaymentHandler,
    PayPaymentHandler,
    SettleGatewayCallHandler,
    ProcessIpnHandler,
    RefundPaymentHandler,
    CancelPaymentHandler,
    BindIdempotencyKeyHandler,
    TestCardTokens,
    PaymentQueries,
    GatewayCallQueries,
    PaymentsProjection,
    GatewayCallsProjection,
    PaymentStatsProjection,
    GatewayReconciliation,
    { provide: PaymentGateway, useClass: HttpPaymentGateway },
  ],
  exports: [PaymentQueries, TestCardTokens],
})
export class PaymentsModule {}
