import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyLookup } from '../platform/auth/auth-user.js';
import { UpcasterRegistry } from '../platform/event-store/upcasting.js';
import { AdminMerchantsController } from './admin-merchants.controller.js';
import { ActivateMerchantHandler } from './activate-merchant/activate-merchant.handler.js';
import { ApiKeysTableLookup } from './api-key-lookup.js';
import { ClientMerchantController } from './client-merchant.controller.js';
import { LegacyApiKeysImport } from './legacy-api-keys-import.js';
import { registerMerchantUpcasters } from './merchant.events.v1.js';
import { MerchantQueries } from './merchant-queries.js';
import { StaffMerchantQueries } from './staff-merchant.queries.js';
import { MerchantsController } from './merchants.controller.js';
import { ApiKeyRecord, MerchantView } from './read-models/merchant.entity.js';
import { ApiKeysProjection } from './read-models/api-keys.projection.js';
import { MerchantsProjection } from './read-models/merchants.projection.js';
import { RegisterMerchantHandler } from './register-merchant/register-merchant.handler.js';
import { RotateApiKeyHandler } from './rotate-api-key/rotate-api-key.handler.js';
import { SwitchEnvironmentHandler } from './switch-environment/switch-environment.handler.js';

/** Global because API-key authentication (any /api/client route) needs the key lookup. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MerchantView, ApiKeyRecord])],
  controllers: [MerchantsController, ClientMerchantController, AdminMerchantsController],
  providers: [
    RegisterMerchantHandler,
    SwitchEnvironmentHandler,
    RotateApiKeyHandler,
    ActivateMerchantHandler,
    MerchantQueries,
    StaffMerchantQueries,
    MerchantsProjection,
    ApiKeysProjection,
    LegacyApiKeysImport,
    { provide: ApiKeyLookup, useClass: ApiKeysTableLookup },
  ],
  exports: [ApiKeyLookup, MerchantQueries],
})
export class MerchantsModule {
  constructor(upcasters: UpcasterRegistry) {
    registerMerchantUpcasters(upcasters);
  }
}
