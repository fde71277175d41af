import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ApplicationsPerDay } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { streamNames } from '../src/platform/event-store/stream-names.js';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import type { TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { caughtUp } from './support/caught-up.js';
import { createApplication, createOnboardingApp } from './support/onboarding.js';

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** GET /api/admin/stats/applications-per-day: the staff dashboard's chart, from daily counters. */
describe('applications per day (staff stats)', () => {
  let t: TestApp;
  let staff: { token: string };

  /** An application submitted `daysAgo` days ago: a real one's event, copied into a new stream with an earlier date. */
  async function submittedDaysAgo(daysAgo: number, template: Record<string, unknown>): Promise<void> {
    const applicationId = randomUUID();
    const submittedAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    const data = { ...template, applicationId, reference: `APP-${applicationId.slice(0, 6).toUpperCase()}`, submittedAt };
    const metadata = { actor: { type: 'system' as const, id: 'test' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
    await t.app.get(EventStore).append(streamNames.application(applicationId), [{ type: 'ApplicationSubmitted', data, metadata }], 'no_stream');
  }

  const perDay = (query = '', token = staff.token) => t.request({ method: 'GET', url: `/api/admin/stats/applications-per-day${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createOnboardingApp();
    staff = await createStaff(t);
    const { id } = await createApplication(t);
    await createApplication(t);
    const [event] = await t.app.get(DataSource).query<{ data: Record<string, unknown> }[]>(`SELECT data FROM events WHERE stream_id = $1`, [streamNames.application(id)]);
    await submittedDaysAgo(3, event!.data);
    await submittedDaysAgo(3, event!.data);
    await submittedDaysAgo(3, event!.data);
    await submittedDaysAgo(29, event!.data);
    await submittedDaysAgo(45, event!.data);
    await caughtUp(t);
  }, 120_000);
  afterAll(() => t.close());

  it('counts every UTC day of the window, oldest first, days without any as 0', async () => {
    const res = await perDay();
    expect(res.statusCode).toBe(200);
    const { days } = res.json<ApplicationsPerDay>();
    expect(days).toHaveLength(30);
    expect([days[0]?.day, days.at(-1)?.day]).toEqual([dayAgo(29), dayAgo(0)]);
    const counted = Object.fromEntries(days.filter((d) => d.count > 0).map((d) => [d.day, d.count]));
    expect(counted).toEqual({ [dayAgo(29)]: 1, [dayAgo(3)]: 3, [dayAgo(0)]: 2 });
  });

  it('takes the window length from days', async () => {
    const { days } = (await perDay('?days=60')).json<ApplicationsPerDay>();
    expect(days).toHaveLength(60);
    expect(days.find((d) => d.day === dayAgo(45))?.count).toBe(1);
    expect((await perDay('?days=1')).json<ApplicationsPerDay>().days).toEqual([{ day: dayAgo(0), count: 2 }]);
  });

  it.each(['?days=0', '?days=367', '?days=2.5', '?days=many', '?days=7&status=pending'])('refuses %s with a 400', async (query) => {
    const res = await perDay(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('is staff only', async () => {
    expect((await perDay('', (await registerMerchant(t)).token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/stats/applications-per-day' })).statusCode).toBe(401);
  });

  it('a replay of the projection gives the same counters and answers', async () => {
    const snapshot = () => t.app.get(DataSource).query(`SELECT day::text, submitted FROM application_daily_counts ORDER BY day`);
    const before = { rows: await snapshot(), answer: (await perDay('?days=90')).json() };
    expect(before.rows).toHaveLength(4);
    await t.app.get(ProjectionRebuilder).rebuild(['application-daily-counts'], { chunkSize: 2 });
    await caughtUp(t);
    expect({ rows: await snapshot(), answer: (await perDay('?days=90')).json() }).toEqual(before);
  });
});
