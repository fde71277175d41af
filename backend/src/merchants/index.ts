// The merchants feature's public API: everything outside merchants/ imports from here only.
export { ActivateMerchant } from './activate-merchant/activate-merchant.command.js';
export { isMerchantEvent, type MerchantRegistered } from './merchant.events.js';
export { MerchantQueries } from './merchant-queries.js';
export { MerchantsModule } from './merchants.module.js';
export { RegisterMerchant } from './register-merchant/register-merchant.command.js';
export { SwitchEnvironment } from './switch-environment/switch-environment.command.js';
