import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserLookup } from '../platform/auth/auth-user.js';
import { IdentityController } from './identity.controller.js';
import { LoginThrottle } from './login/login-throttle.js';
import { LoginService } from './login/login.service.js';
import { UserCredentials, UserView } from './read-models/user.entity.js';
import { UsersProjection } from './read-models/users.projection.js';
import { RegisterUserHandler } from './register-user/register-user.handler.js';
import { StaffAccounts } from './staff-accounts.js';
import { UsersTableLookup } from './user-lookup.js';

/** Global because every guarded route needs the user lookup. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserView, UserCredentials])],
  controllers: [IdentityController],
  providers: [RegisterUserHandler, LoginService, LoginThrottle, UsersProjection, StaffAccounts, { provide: UserLookup, useClass: UsersTableLookup }],
  exports: [UserLookup, StaffAccounts, LoginService],
})
export class IdentityModule {}
