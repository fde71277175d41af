import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config.js';
import { AuthGuard } from './auth.guard.js';
import { jwtSecret } from './jwt-secret.js';

/** Session tokens: HS256, 7 days (the cookie policy's figure for authentication tokens). */
export const SESSION_TTL = '7d';

@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: jwtSecret(config), signOptions: { algorithm: 'HS256', expiresIn: SESSION_TTL } }),
    }),
  ],
  providers: [AuthGuard],
  exports: [JwtModule, AuthGuard],
})
export class AuthModule {}
