import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_MESSAGES } from '@tallyline/contracts';
import * as argon2 from 'argon2';
import { DataSource, Repository } from 'typeorm';
import { DomainError } from '../../platform/domain-error.js';
import { UserCredentials } from '../read-models/user.entity.js';
import { LoginThrottle } from './login-throttle.js';

/** Verifies against this hash when the e-mail is unknown, so both cases take as long. */
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI';

@Injectable()
export class LoginService {
  constructor(
    @InjectRepository(UserCredentials) private readonly credentials: Repository<UserCredentials>,
    private readonly throttle: LoginThrottle,
    private readonly jwt: JwtService,
    private readonly db: DataSource,
  ) {}

  async login(rawEmail: string, password: string, ip: string, now = new Date()): Promise<string> {
    const email = rawEmail.trim().toLowerCase();
    await this.throttle.assertAllowed(email, ip, now);
    const found = await this.credentials.findOneBy({ email });
    const valid = await argon2.verify(found?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
    if (!found || !valid) {
      await this.throttle.recordFailure(email, ip, now);
      throw new DomainError('unauthorized', AUTH_MESSAGES.invalidCredentials);
    }
    await this.throttle.clear(email, ip);
    return this.issueToken(found.userId, found.passwordVersion);
  }

  /**
   * Each session its own token id, so that signing out of one leaves the user's other sessions alone, and
   * the version of the password it was opened with (`pv`), so that changing the password ends them all.
   */
  issueToken(userId: string, passwordVersion: number): Promise<string> {
    return this.jwt.signAsync({ sub: userId, pv: passwordVersion }, { jwtid: randomUUID() });
  }

  /**
   * Refuses this session's token from now until it would have expired anyway (the guard has verified
   * it). Signing out twice is one revocation; rows past their expiry go, as nothing could use them.
   */
  async signOut(verifiedToken: string): Promise<void> {
    const { jti, exp } = this.jwt.decode<{ jti: string; exp: number }>(verifiedToken);
    await this.db.query('INSERT INTO revoked_sessions (token_id, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING', [jti, exp]);
    await this.db.query('DELETE FROM revoked_sessions WHERE expires_at < now()');
  }
}
