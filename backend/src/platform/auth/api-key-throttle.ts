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
 *
 * Only addresses this instance saw fail within the window are checked: the rest, nearly every request, cost
 * no statement. An address that failed only on other instances gets one more attempt here, which is
 * counted like any other, before this instance checks it too.
 */
@Injectable()
export class ApiKeyThrottle {
  constructor(
    private readonly pool: DatabasePool,
    private readonly config: AppConfig,
  ) {}

  /** Address → until when this instance checks it (the end of a window its last failure here may be in). */
  private readonly suspects = new Map<string, number>();

  async assertAllowed(ip: string): Promise<void> {
    if (!this.suspected(ip)) return;
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
    this.suspect(ip);
    await countHit(this.pool, failureKey(ip), WINDOW_MS);
  }

  private suspected(ip: string): boolean {
    // More than it remembers (a spread-out attack): every address is asked about, as if all had failed.
    if (this.suspects.size >= MAX_SUSPECTS) return true;
    const until = this.suspects.get(ip);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.suspects.delete(ip);
    return false;
  }

  private suspect(ip: string): void {
    if (this.suspects.size >= MAX_SUSPECTS) for (const [address, until] of this.suspects) if (until <= Date.now()) this.suspects.delete(address);
    if (this.suspects.size < MAX_SUSPECTS || this.suspects.has(ip)) this.suspects.set(ip, Date.now() + WINDOW_MS);
  }
}

/** Addresses remembered as having failed; past it, the check asks the database for every address. */
const MAX_SUSPECTS = 10_000;

/** Apart from @fastify/rate-limit's keys, which start with the address. */
const failureKey = (ip: string) => `api-key-failures:${ip}`;
