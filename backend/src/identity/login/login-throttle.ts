import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../platform/domain-error.js';

const WINDOW_MINUTES = 15;
/** Guesses at one account from one address. */
const MAX_ACCOUNT_FAILURES = 10;
/** Guesses from one address across accounts (password spraying); higher, as offices share an address. */
const MAX_IP_FAILURES = 50;

/**
 * Failed sign-ins per (account, IP) and per IP, in a table so every app instance sees the same counts.
 * Never per account alone: then anyone could lock the owner out by failing on purpose. Over a limit
 * within 15 minutes: 429 with Retry-After until the oldest counted failure ages out.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly db: DataSource) {}

  async assertAllowed(email: string, ip: string, now: Date): Promise<void> {
    const rows = (await this.db.query<{ key: string; failures: number; oldest: Date }[]>(
      `SELECT key, count(*)::int AS failures, min(failed_at) AS oldest FROM login_failures
        WHERE key = ANY($1) AND failed_at > $2::timestamptz - interval '${WINDOW_MINUTES} minutes' GROUP BY key`,
      [keys(email, ip), now],
    ));
    const blocked = rows.filter((row) => row.failures >= (row.key === ipKey(ip) ? MAX_IP_FAILURES : MAX_ACCOUNT_FAILURES));
    if (!blocked.length) return;
    const freeAt = Math.max(...blocked.map((row) => new Date(row.oldest).getTime() + WINDOW_MINUTES * 60_000));
    const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    throw new DomainError('rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
  }

  async recordFailure(email: string, ip: string, now: Date): Promise<void> {
    await this.db.query('INSERT INTO login_failures (key, failed_at) SELECT unnest($1::text[]), $2', [keys(email, ip), now]);
    await this.db.query(`DELETE FROM login_failures WHERE failed_at < $1::timestamptz - interval '1 day'`, [now]);
  }

  /** A success forgives this address's guesses at this account, not its guesses at others. */
  async clear(email: string, ip: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [accountKey(email, ip)]);
  }
}

const accountKey = (email: string, ip: string) => `account:${email}|ip:${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;
const keys = (email: string, ip: string) => [accountKey(email, ip), ipKey(ip)];
