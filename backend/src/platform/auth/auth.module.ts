import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../config/app-config.js';
import { ApiKeyThrottle } from './api-key-throttle.js';
import { ApiKeyStrategy } from './api-key.strategy.js';
import { AuthenticationGuard } from './authentication.guard.js';
import { jwtSecret } from './jwt-secret.js';
import { JwtStrategy } from './jwt.strategy.js';

/** Session tokens: HS256, 7 days (the cookie policy's figure for authentication tokens). */
export const SESSION_TTL = '7d';

@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: jwtSecret(config), signOptions: { algorithm: 'HS256', expiresIn: SESSION_TTL } }),
    }),
  ],
  providers: [JwtStrategy, ApiKeyStrategy, ApiKeyThrottle, { provide: APP_GUARD, useClass: AuthenticationGuard }],
  exports: [JwtModule],
})
export class AuthModule {}
