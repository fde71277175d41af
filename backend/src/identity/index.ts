// The identity feature's public API: everything outside identity/ imports from here only.
export { AccountDirectory } from './account-directory.js';
export { IdentityModule } from './identity.module.js';
export { RegisterUser } from './register-user/register-user.command.js';
export { StaffAccounts } from './staff-accounts.js';
