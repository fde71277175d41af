import { Module, type DynamicModule } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AuditModule } from './audit/index.js';
import { CryptoPaymentsModule } from './crypto-payments/index.js';
import { HealthModule } from './health/index.js';
import { IdentityModule } from './identity/index.js';
import { MerchantsModule } from './merchants/index.js';
import { OnboardingModule } from './onboarding/index.js';
import { PaymentMethodsModule, PaymentReportsModule, PaymentsModule } from './payments/index.js';
import { StripeCompatModule } from './stripe-compat/index.js';
import { AuthModule } from './platform/auth/auth.module.js';
import type { AppConfig } from './platform/config/app-config.js';
import { loggingModule } from './platform/logging/logging.js';
import { PlatformModule } from './platform/platform.module.js';
import { SandboxGatewayModule } from './sandbox-gateway/index.js';
import { SeedModule } from './seed/index.js';
import { WebhooksModule } from './webhooks/index.js';

@Module({})
export class AppModule {
  /** `logStream`: where log lines go instead of stdout (tests read them). */
  static forRoot(config: AppConfig, logStream?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [loggingModule(config, logStream), PlatformModule.forRoot(config), AuthModule, HealthModule, IdentityModule, MerchantsModule, OnboardingModule, PaymentMethodsModule, PaymentsModule, PaymentReportsModule, CryptoPaymentsModule, StripeCompatModule, SandboxGatewayModule, AuditModule, SeedModule, WebhooksModule],
    };
  }
}
