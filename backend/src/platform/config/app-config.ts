import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { StartRefused } from '../lifecycle.js';

/** The Vite dev servers (dashboard-web, admin-web), the only other origins a developer's browser uses. */
export const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://localhost:5174'];

/** Everything the process reads from the environment, read once at boot. */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly eventStoreUrl?: string | undefined;
  readonly jwtSecret?: string | undefined;
  readonly staffEmail?: string | undefined;
  readonly staffPassword?: string | undefined;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  /** How long SIGTERM waits for requests in flight before it cuts their connections off. */
  readonly shutdownTimeoutMs: number;
  /** Off in tests that drive processors by hand. */
  readonly runProcessors: boolean;
  readonly publicUrl: string;
  /** Commands wait for projections before answering; one-off CLI commands skip that. */
  readonly waitForProjections: boolean;
  /** Fastify's `trustProxy`: false (the default), a hop count, or the proxies' addresses/CIDRs. */
  readonly trustProxy: false | number | string[];
  /** Origins allowed to call the API from a browser (CORS); empty means same-origin only. */
  readonly corsOrigins: string[];
  /** Per client IP per hour. */
  readonly applicationRateLimit: number;
  readonly signupRateLimit: number;
  readonly checkoutRateLimit: number;
  /** Failed API-key authentications per client IP within 15 minutes before that IP gets 429s. */
  readonly apiKeyFailureLimit: number;
  /** Connection settings shared by every pool and connection to PostgreSQL. */
  readonly database: DatabaseSettings;
  readonly gateway: GatewaySettings;
  readonly webhooks: WebhookSettings;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.port = portNumber(env.PORT);
    this.host = env.HOST ?? '0.0.0.0';
    this.dataDir = resolve(env.DATA_DIR ?? '.data');
    this.databaseUrl = env.DATABASE_URL || undefined;
    this.eventStoreUrl = env.EVENTSTORE_URL || undefined;
    this.jwtSecret = env.JWT_SECRET || undefined;
    this.staffEmail = env.STAFF_EMAIL || undefined;
    this.staffPassword = env.STAFF_PASSWORD || undefined;
    this.seedDemo = flag(env, 'SEED_DEMO', true);
    this.logLevel = logLevel(env.LOG_LEVEL);
    this.shutdownTimeoutMs = positive(env, 'SHUTDOWN_TIMEOUT_MS', 10_000);
    this.runProcessors = flag(env, 'RUN_PROCESSORS', true);
    this.waitForProjections = flag(env, 'WAIT_FOR_PROJECTIONS', true);
    this.publicUrl = env.PUBLIC_URL ?? `http://localhost:${this.port}`;
    this.trustProxy = parseTrustProxy(env.TRUST_PROXY);
    this.corsOrigins = parseOrigins(env.CORS_ORIGINS ?? (env.NODE_ENV === 'development' ? VITE_DEV_ORIGINS.join(',') : ''));
    this.applicationRateLimit = positiveInteger('APPLICATION_RATE_LIMIT', env.APPLICATION_RATE_LIMIT, 30);
    this.signupRateLimit = positiveInteger('SIGNUP_RATE_LIMIT', env.SIGNUP_RATE_LIMIT, 60);
    this.checkoutRateLimit = positiveInteger('CHECKOUT_RATE_LIMIT', env.CHECKOUT_RATE_LIMIT, 60);
    this.apiKeyFailureLimit = positiveInteger('API_KEY_FAILURE_LIMIT', env.API_KEY_FAILURE_LIMIT, 20);
    this.gateway = {
      url: env.GATEWAY_URL || undefined,
      privateKey: env.GATEWAY_PRIVATE_KEY || undefined,
      mode: env.GATEWAY_MODE ?? 'sandbox',
      name: env.GATEWAY_NAME ?? 'sandbox',
      reconcileAfterMs: positive(env, 'GATEWAY_RECONCILE_AFTER_MS', 60_000),
      sandboxIpnOrigins: [new URL(this.publicUrl).origin, ...parseOrigins(env.SANDBOX_IPN_ORIGINS ?? '')],
    };
    this.webhooks = {
      // Private targets are how a developer tries webhooks on one machine; a server reachable by
      // merchants must refuse them (SSRF), so only the embedded default (no DATABASE_URL) allows them.
      allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', !this.databaseUrl),
      secretsKey: env.WEBHOOK_SECRETS_KEY || undefined,
      timeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', 15_000),
      concurrency: positiveInteger('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 32),
      pollMs: positiveInteger('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 250),
      vacuumAfter: positiveInteger('WEBHOOK_VACUUM_AFTER', env.WEBHOOK_VACUUM_AFTER, 20_000),
    };
    this.database = {
      poolMax: positive(env, 'DB_POOL_MAX', 10),
      statementTimeoutMs: positive(env, 'DB_STATEMENT_TIMEOUT_MS', 60_000),
      idleInTransactionTimeoutMs: positive(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
      keepAliveDelayMs: positive(env, 'DB_KEEPALIVE_DELAY_MS', 10_000),
      connectTimeoutMs: positive(env, 'DB_CONNECT_TIMEOUT_MS', 10_000),
      waitAtStartMs: positive(env, 'DB_WAIT_AT_START_MS', 30_000),
    };
  }

  static override(values: Partial<Record<string, string>>): AppConfig {
    return new AppConfig({ ...process.env, ...values });
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A hop count ("1") or a list of proxy addresses/CIDRs ("10.0.0.0/8, 127.0.0.1"); anything else stops the boot. */
function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value?.trim()) return false;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const entries = list(value);
  const invalid = entries.filter((entry) => {
    const [address, bits, extra] = entry.split('/');
    return extra !== undefined || !isIP(address ?? '') || (bits !== undefined && !/^\d{1,3}$/.test(bits));
  });
  if (invalid.length) throw new ConfigError(`TRUST_PROXY must be a hop count or a comma-separated list of IP addresses/CIDRs; not ${invalid.join(', ')}`);
  return entries;
}

/** Exact origins ("https://shop.example"); "null" and "*" are refused. */
function parseOrigins(value: string): string[] {
  const origins = list(value);
  const invalid = origins.filter((origin) => {
    try {
      return new URL(origin).origin !== origin;
    } catch {
      return true;
    }
  });
  if (invalid.length) throw new ConfigError(`CORS_ORIGINS must list origins like https://shop.example; not ${invalid.join(', ')}`);
  return origins;
}

/** true or false, as written; a typo ("flase", "no") stops the boot rather than meaning one or the other. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ConfigError(`${name} must be true or false; not ${value}`);
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new ConfigError(`${name} must be a whole number of at least 1; not ${value}`);
  return Number(value);
}

/**
 * The card gateway. Staging always pays through the embedded sandbox; production does too when
 * mode is `sandbox` (the default), otherwise through `url` with `privateKey`.
 */
export interface GatewaySettings {
  url: string | undefined;
  privateKey: string | undefined;
  mode: string;
  /** The last segment of our IPN path, /api/webhooks/{name}. */
  name: string;
  /** A gateway call without a recorded outcome for this long is settled through CheckTransaction. */
  reconcileAfterMs: number;
  /**
   * Where the embedded sandbox may send IPNs: this app's own origin, plus SANDBOX_IPN_ORIGINS. Its
   * private key is public, so without this anyone could make the server POST to any address.
   */
  sandboxIpnOrigins: string[];
}

export interface WebhookSettings {
  /** http:// and private, loopback or link-local targets allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** The key endpoint signing secrets are derived from; absent: one kept under DATA_DIR. */
  secretsKey: string | undefined;
  /** One delivery attempt's limit, connection to last byte. */
  timeoutMs: number;
  /** Deliveries in flight per instance. */
  concurrency: number;
  /** How often an idle worker looks for due deliveries. */
  pollMs: number;
  /** Rows an instance claims between its vacuums of the outbox. */
  vacuumAfter: number;
}

export interface DatabaseSettings {
  /** Connections per pool (the process has two: read models/processors, and the event store). */
  poolMax: number;
  /** A statement running longer is cancelled (0: never). */
  statementTimeoutMs: number;
  /** A session idle inside an open transaction this long is ended, releasing its locks and snapshot (0: never). */
  idleInTransactionTimeoutMs: number;
  /** TCP keepalive probes start after this much silence, so a dead peer is noticed (0: keepalive off). */
  keepAliveDelayMs: number;
  connectTimeoutMs: number;
  /** How long a start waits for a DATABASE_URL that cannot be reached yet (0: one attempt). */
  waitAtStartMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number ≥ 0, got "${raw}"`);
  return value;
}

/** A setting the app cannot start with (a StartRefused: main prints its message alone). */
export class ConfigError extends StartRefused {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** pino's levels: another (Nest's `verbose`, `log`) made pino throw at start, with a stack. */
function logLevel(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info';
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; not ${raw}`);
  return raw;
}

function portNumber(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 65_535) throw new ConfigError(`PORT must be a port number from 0 to 65535; not ${raw}`);
  return value;
}
