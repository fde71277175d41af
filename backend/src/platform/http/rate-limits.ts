import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppConfig } from '../config/app-config.js';
import type { DatabasePool } from '../database/database-pool.js';
import { DomainError } from '../domain-error.js';

const HOUR_MS = 60 * 60 * 1000;

/** The public endpoints that cost us something per call (stored documents, accounts, e-mails, gateway calls), limited per client IP. */
function limitedRoutes(config: AppConfig): Record<string, { groupId: string; max: number }> {
  return {
    'POST /api/merchant-applications': { groupId: 'applications', max: config.applicationRateLimit },
    // Both sign-up doors share one count.
    'POST /api/auth/register': { groupId: 'sign-ups', max: config.signupRateLimit },
    'POST /api/merchants/register': { groupId: 'sign-ups', max: config.signupRateLimit },
    // Each request may send an e-mail (per account, at most 3 an hour besides).
    'POST /api/auth/password-reset': { groupId: 'password-resets', max: config.signupRateLimit },
    // Card testing: someone trying stolen numbers one after another on hosted payment pages.
    'POST /api/checkout/:id/pay': { groupId: 'card-payments', max: config.checkoutRateLimit },
  };
}

/**
 * Gives the listed routes their limit (as @fastify/rate-limit's route config). Call before registering
 * the plugin, so this hook runs before the plugin's own. A listed route that never appears stops the
 * boot: a renamed endpoint must not silently lose its limit.
 */
export function applyRateLimits(fastify: FastifyInstance, config: AppConfig): void {
  const routes = limitedRoutes(config);
  const seen = new Set<string>();
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const limit = routes[`${method} ${route.url}`];
      if (!limit) continue;
      seen.add(`${method} ${route.url}`);
      route.config = { ...route.config, rateLimit: { ...limit, timeWindow: HOUR_MS } };
    }
  });
  fastify.addHook('onReady', async () => {
    const missing = Object.keys(routes).filter((route) => !seen.has(route));
    if (missing.length) throw new Error(`Rate-limited routes not found: ${missing.join(', ')}`);
  });
}

export function rateLimitOptions(pool: DatabasePool): RateLimitPluginOptions {
  return {
    global: false,
    store: postgresStore(pool),
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate_limited', `Too many requests from your network. Try again in ${context.after}.`, undefined, {
        'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  };
}

interface StoreResult {
  current: number;
  ttl: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in PostgreSQL so every app instance sees one
 * count. One statement: it counts atomically, starts a new window when the old one is over, and drops a
 * few expired rows. Also counts the API-key throttle's failures.
 */
export async function countHit(pool: DatabasePool, key: string, windowMs: number): Promise<StoreResult> {
  const { rows } = await pool.query<{ hits: number; ttl: string }>(
    `WITH expired AS (
       DELETE FROM rate_limit_hits WHERE key IN (
         SELECT key FROM rate_limit_hits WHERE window_ends_at < now() AND key <> $1 LIMIT 10 FOR UPDATE SKIP LOCKED))
     INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
       window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
     RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::bigint AS ttl`,
    [key, windowMs],
  );
  // INSERT … ON CONFLICT DO UPDATE … RETURNING answers one row either way.
  return { current: rows[0]!.hits, ttl: Number(rows[0]!.ttl) };
}

function postgresStore(pool: DatabasePool) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number): void {
      countHit(pool, key, timeWindow).then((result) => callback(null, result), callback);
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
