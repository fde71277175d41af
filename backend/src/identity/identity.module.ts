import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserLookup } from '../platform/auth/auth-user.js';
import { UpcasterRegistry } from '../platform/event-store/upcasting.js';
import { AccountDirectory } from './account-directory.js';
import { ChangePasswordHandler } from './change-password/change-password.handler.js';
import { PasswordResets } from './password-reset/password-resets.js';
import { ResetPasswordHandler } from './password-reset/reset-password.handler.js';
import { IdentityController } from './identity.controller.js';
import { LegacyCredentialsImport } from './legacy-credentials-import.js';
import { LoginThrottle } from './login/login-throttle.js';
import { LoginService } from './login/login.service.js';
import { UserCredentials, UserView } from './read-models/user.entity.js';
import { UsersProjection } from './read-models/users.projection.js';
import { RegisterUserHandler } from './register-user/register-user.handler.js';
import { StaffAccounts } from './staff-accounts.js';
import { UsersTableLookup } from './user-lookup.js';
import { registerUserUpcasters } from './user.events.v1.js';

/** Global because every guarded route needs the user lookup. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserView, UserCredentials])],
  controllers: [IdentityController],
  providers: [RegisterUserHandler, ChangePasswordHandler, ResetPasswordHandler, PasswordResets, LoginService, LoginThrottle, UsersProjection, StaffAccounts, LegacyCredentialsImport, AccountDirectory, { provide: UserLookup, useClass: UsersTableLookup }],
  exports: [UserLookup, StaffAccounts, AccountDirectory, LoginService],
})
export class IdentityModule {
  constructor(upcasters: UpcasterRegistry) {
    registerUserUpcasters(upcasters);
  }
}
