import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientCryptoPaymentsController } from './client-crypto-payments.controller.js';
import { CreateCryptoPaymentHandler } from './create-crypto-payment/create-crypto-payment.handler.js';
import { CryptoApi } from './crypto-api.js';
import { CryptoCheckoutController } from './crypto-checkout.controller.js';
import { CryptoPaymentsController } from './crypto-payments.controller.js';
import { CryptoPaymentQueries } from './crypto-payments.queries.js';
import { ExchangeRates } from './exchange-rates/exchange-rates.js';
import { CryptoPaymentExpiry } from './expire-crypto-payment/crypto-payment-expiry.js';
import { ExpireCryptoPaymentHandler } from './expire-crypto-payment/expire-crypto-payment.handler.js';
import { CryptoPaymentView } from './read-models/crypto-payment.entity.js';
import { CryptoPaymentsProjection } from './read-models/crypto-payments.projection.js';
import { SandboxCryptoProviderModule } from './sandbox-provider/sandbox-crypto-provider.module.js';
import { SimulateCryptoPaymentHandler } from './simulate-crypto-payment/simulate-crypto-payment.handler.js';

/** Fiat-to-crypto payments: rates, creation, the hosted page, the provider's reports, expiry. */
@Module({
  // The provider behind the CryptoProvider port: a real one replaces this import.
  imports: [TypeOrmModule.forFeature([CryptoPaymentView]), SandboxCryptoProviderModule],
  controllers: [CryptoPaymentsController, ClientCryptoPaymentsController, CryptoCheckoutController],
  providers: [
    CreateCryptoPaymentHandler,
    SimulateCryptoPaymentHandler,
    ExpireCryptoPaymentHandler,
    CryptoApi,
    CryptoPaymentQueries,
    ExchangeRates,
    CryptoPaymentsProjection,
    CryptoPaymentExpiry,
  ],
})
export class CryptoPaymentsModule {}
