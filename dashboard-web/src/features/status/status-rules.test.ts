import { describe, expect, it } from '@jest/globals';
import { overallStatus, servicesFromProbes, servicesWhenUnreachable, STATUS_LABELS, type HealthProbes, type ServiceEntry } from './status-rules';

const AT = new Date('2026-03-01T10:00:00.000Z');
const up = (responseTime: number) => ({ ok: true, responseTime });
const down = (responseTime: number) => ({ ok: false, responseTime });
const probes = (overrides: Partial<HealthProbes> = {}): HealthProbes => ({ api: up(12), database: up(30), email: up(45), ...overrides });
const statuses = (services: ServiceEntry[]) => Object.fromEntries(services.map((s) => [s.name, s.status]));

describe('servicesFromProbes', () => {
  it('shows five operational services when every probe succeeds', () => {
    const services = servicesFromProbes(probes(), AT);
    expect(services.map((s) => s.name)).toEqual(['API Server', 'Database', 'Email Service', 'Authentication', 'Payment Processing']);
    expect(services.every((s) => s.status === 'operational')).toBe(true);
    expect(services.map((s) => s.uptime)).toEqual([99.9, 99.95, 99.8, 99.99, 99.7]);
    expect(services.map((s) => s.responseTime)).toEqual([12, 30, 45, 12, 12]);
    expect(services.every((s) => s.lastCheck === '2026-03-01T10:00:00.000Z' && s.description && s.icon)).toBe(true);
  });

  it('marks the API server and the database as outage when their call fails', () => {
    expect(statuses(servicesFromProbes(probes({ api: down(5), database: down(8) }), AT))).toMatchObject({
      'API Server': 'outage',
      Database: 'outage',
    });
  });

  it('marks the e-mail service as degraded, not outage, when its call fails', () => {
    expect(statuses(servicesFromProbes(probes({ email: down(3) }), AT))['Email Service']).toBe('degraded');
  });

  it('keeps authentication and payment processing operational whatever the probes say', () => {
    const services = servicesFromProbes(probes({ api: down(1), database: down(1), email: down(1) }), AT);
    expect(statuses(services)).toMatchObject({ Authentication: 'operational', 'Payment Processing': 'operational' });
  });
});

describe('servicesWhenUnreachable', () => {
  it('shows a single degraded API Server with 0 ms and 0 % uptime', () => {
    expect(servicesWhenUnreachable(AT)).toEqual([
      expect.objectContaining({ name: 'API Server', status: 'degraded', responseTime: 0, uptime: 0, lastCheck: AT.toISOString() }),
    ]);
  });
});

describe('overallStatus', () => {
  it('is operational when every service is', () => {
    expect(overallStatus(servicesFromProbes(probes(), AT))).toBe('operational');
  });

  it('is outage when any service is in outage', () => {
    expect(overallStatus(servicesFromProbes(probes({ database: down(9), email: down(9) }), AT))).toBe('outage');
  });

  it('is degraded, shown as Degraded Performance, otherwise', () => {
    const overall = overallStatus(servicesFromProbes(probes({ email: down(9) }), AT));
    expect(overall).toBe('degraded');
    expect(STATUS_LABELS[overall]).toBe('Degraded Performance');
    expect(overallStatus(servicesWhenUnreachable(AT))).toBe('degraded');
  });

  it('is degraded when a service is under maintenance and none is down', () => {
    const services = servicesFromProbes(probes(), AT).map((s, i) => (i === 0 ? { ...s, status: 'maintenance' as const } : s));
    expect(overallStatus(services)).toBe('degraded');
  });

  it('is unknown with no services', () => {
    expect(overallStatus([])).toBe('unknown');
  });
});
