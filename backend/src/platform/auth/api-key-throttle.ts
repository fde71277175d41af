import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DatabasePool } from '../database/database-pool.js';
import { DomainError } from '../domain-error.js';
import { countHit } from '../http/rate-limits.js';

const WINDOW_MS = 15 * 60_000;

/**
 * Failed API-key authentications per client address, so nobody can try `sk_` keys as fast as they like.
 * Counted in `rate_limit_hits` (a window from the first failure), so every app instance sees the same
 * count. Per address only: a key's owner elsewhere is never locked out by someone else's guesses. Checked
 * before the key is looked up, so a locked-out address cannot tell a right guess from a wrong one.
 */
@Injectable()
export class ApiKeyThrottle {
  constructor(
    private readonly pool: DatabasePool,
    private readonly config: AppConfig,
  ) {}

  async assertAllowed(ip: string): Promise<void> {
    const { rows } = await this.pool.query<{ hits: number; retry: number }>({
      name: 'api-key-failures',
      text: `SELECT hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS retry FROM rate_limit_hits WHERE key = $1 AND window_ends_at > now()`,
      values: [failureKey(ip)],
    });
    const row = rows[0];
    if (!row || row.hits < this.config.apiKeyFailureLimit) return;
    const retryAfter = Math.max(1, row.retry);
    const minutes = Math.ceil(retryAfter / 60);
    const message = `Too many failed API key attempts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    throw new DomainError('rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
  }

  async recordFailure(ip: string): Promise<void> {
    await countHit(this.pool, failureKey(ip), WINDOW_MS);
  }
}

/** Apart from @fastify/rate-limit's keys, which start with the address. */
const failureKey = (ip: string) => `api-key-failures:${ip}`;
