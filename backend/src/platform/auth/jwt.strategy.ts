import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config.js';
import { UserLookup, type AuthUser } from './auth-user.js';
import { jwtSecret } from './jwt-secret.js';

const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();

/** A secret API key (sk_…) is no JWT: passed on to the api-key strategy without a signature check that can only fail. */
const sessionTokenOf = (request: Parameters<typeof bearer>[0]) => {
  const token = bearer(request);
  return token?.startsWith('sk_') ? null : token;
};

/**
 * Session JWTs: HS256 only (no `none`, no key confusion), an expiry is required (passport-jwt only
 * checks `exp` when present), a token id (`jti`, so sign-out can revoke it) and the password version (`pv`, so a
 * password change ends it), and the token only names the user: the role is read from the database on
 * every request, so a demoted or deleted account loses access at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly users: UserLookup,
  ) {
    super({
      jwtFromRequest: sessionTokenOf,
      // A KeyObject, not a string: jsonwebtoken would otherwise try the secret as a PEM public key on every
      // request (and throw) before using it as what it is, which cost about 15% of a read's CPU.
      // passport-jwt hands it to jsonwebtoken as it is; only its types predate KeyObject.
      secretOrKey: createSecretKey(Buffer.from(jwtSecret(config))) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: { sub?: unknown; exp?: unknown; jti?: unknown; pv?: unknown }): Promise<AuthUser | false> {
    // Without a token id and a password version a session could be ended neither by signing out nor by a
    // password change: such tokens (issued before either existed) are refused; their holders sign in once more.
    const { sub, exp, jti, pv } = payload;
    if (typeof exp !== 'number' || typeof sub !== 'string' || typeof jti !== 'string' || !Number.isInteger(pv)) return false;
    return (await this.users.sessionUser(sub, jti, pv as number)) ?? false;
  }
}
