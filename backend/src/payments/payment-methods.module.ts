import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddPaymentMethodHandler } from './add-payment-method/add-payment-method.handler.js';
import { ConfigurePaymentMethodHandler } from './configure-payment-method/configure-payment-method.handler.js';
import { PaymentMethodsController } from './payment-methods.controller.js';
import { PaymentMethodQueries } from './payment-methods.queries.js';
import { PaymentMethodView } from './read-models/payment-method.entity.js';
import { PaymentMethodsProjection } from './read-models/payment-methods.projection.js';

/** Custom payment methods; payments themselves live beside it. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentMethodView])],
  controllers: [PaymentMethodsController],
  providers: [AddPaymentMethodHandler, ConfigurePaymentMethodHandler, PaymentMethodQueries, PaymentMethodsProjection],
})
export class PaymentMethodsModule {}
