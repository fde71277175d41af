import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientPaymentsController, PaymentsAliasController } from './client-payments.controller.js';
import { CreatePaymentHandler } from './create-payment/create-payment.handler.js';
import { HttpPaymentGateway } from './gateway/http-payment-gateway.js';
import { PaymentGateway } from './gateway/payment-gateway.js';
import { PaymentQueries } from './payments.queries.js';
import { PaymentView } from './read-models/payment.entity.js';
import { PaymentsProjection } from './read-models/payments.projection.js';

/** Card payments: creation, checkout through the gateway, refunds, the gateway's IPN. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentView])],
  controllers: [ClientPaymentsController, PaymentsAliasController],
  providers: [CreatePaymentHandler, PaymentQueries, PaymentsProjection, { provide: PaymentGateway, useClass: HttpPaymentGateway }],
  exports: [PaymentQueries],
})
export class PaymentsModule {}
