/**
 * How the status page turns health probes into service cards (public spec §4). Pure, so every
 * rule is unit-tested; the page only supplies probe results and the check time.
 */

export type ServiceStatus = 'operational' | 'degraded' | 'outage' | 'maintenance' | 'unknown';

export type ServiceIcon = 'api' | 'database' | 'email' | 'auth' | 'payments';

export interface ServiceEntry {
  name: string;
  status: ServiceStatus;
  /** Milliseconds the probe took. */
  responseTime: number;
  /** Percent, as published (fixed figures; no history is kept). */
  uptime: number;
  /** ISO timestamp of the check. */
  lastCheck: string;
  description: string;
  icon: ServiceIcon;
}

/** One timed call: whether it answered 2xx and how long it took. */
export interface ProbeResult {
  ok: boolean;
  responseTime: number;
}

export interface HealthProbes {
  api: ProbeResult;
  database: ProbeResult;
  email: ProbeResult;
}

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded Performance',
  outage: 'Outage',
  maintenance: 'Maintenance',
  unknown: 'Unknown',
};

export const OVERALL_HEADLINES: Record<ServiceStatus, string> = {
  operational: 'All Systems Operational',
  degraded: 'Degraded Performance',
  outage: 'Service Outage',
  maintenance: 'Scheduled Maintenance',
  unknown: 'Status Unknown',
};

/** Refresh period of the page (spec §9: every 30 seconds). */
export const STATUS_REFRESH_MS = 30_000;

/**
 * Builds the five cards from a successful round of probes. Authentication and payment processing
 * have no probe of their own; they run inside the API server, so they show its response time.
 */
export function servicesFromProbes(probes: HealthProbes, checkedAt: Date): ServiceEntry[] {
  const lastCheck = checkedAt.toISOString();
  return [
    {
      name: 'API Server',
      status: probes.api.ok ? 'operational' : 'outage',
      responseTime: probes.api.responseTime,
      uptime: 99.9,
      lastCheck,
      description: 'REST API for payments, merchants and integrations',
      icon: 'api',
    },
    {
      name: 'Database',
      status: probes.database.ok ? 'operational' : 'outage',
      responseTime: probes.database.responseTime,
      uptime: 99.95,
      lastCheck,
      description: 'Event store and read models behind every account and payment',
      icon: 'database',
    },
    {
      name: 'Email Service',
      status: probes.email.ok ? 'operational' : 'degraded',
      responseTime: probes.email.responseTime,
      uptime: 99.8,
      lastCheck,
      description: 'Confirmations, application updates and notifications',
      icon: 'email',
    },
    {
      name: 'Authentication',
      status: 'operational',
      responseTime: probes.api.responseTime,
      uptime: 99.99,
      lastCheck,
      description: 'Sign-in, session tokens and API keys',
      icon: 'auth',
    },
    {
      name: 'Payment Processing',
      status: 'operational',
      responseTime: probes.api.responseTime,
      uptime: 99.7,
      lastCheck,
      description: 'Card, bank-transfer and digital-wallet payments through our gateway partner',
      icon: 'payments',
    },
  ];
}

/** When the probes themselves cannot run (network error), one degraded API Server entry is all we know. */
export function servicesWhenUnreachable(checkedAt: Date): ServiceEntry[] {
  return [
    {
      name: 'API Server',
      status: 'degraded',
      responseTime: 0,
      uptime: 0,
      lastCheck: checkedAt.toISOString(),
      description: 'The status check could not reach the API server',
      icon: 'api',
    },
  ];
}

export function overallStatus(services: ServiceEntry[]): ServiceStatus {
  if (services.length === 0) return 'unknown';
  if (services.every((service) => service.status === 'operational')) return 'operational';
  if (services.some((service) => service.status === 'outage')) return 'outage';
  return 'degraded';
}
