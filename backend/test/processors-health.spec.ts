import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { UsersProjection } from '../src/identity/read-models/users.projection.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { eventually, longForm } from './support/onboarding.js';

interface Report {
  name: string;
  state: string;
  position: string;
  eventsBehind: number;
  secondsBehind: number;
  lastError?: string;
  failedAt?: { position: string; eventType: string };
}

describe('processors in /api/health, and operator retry', () => {
  let t: TestApp;
  let staff: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaff(t);
  });
  afterAll(() => t.close());

  const health = async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: bearer(staff.token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ status: string; processors: Report[]; database: { oldestTransaction: { seconds: number } } }>();
  };
  const processor = async (name: string) => (await health()).processors.find((p) => p.name === name)!;

  it('gives staff each processor and the oldest open transaction', async () => {
    const body = await health();
    expect(body.status).toBe('ok');
    expect(body.processors.map((p) => p.name).sort()).toEqual(t.app.get(ProcessorRunner).names.sort());
    for (const p of body.processors) expect(p).toMatchObject({ state: 'running', eventsBehind: 0, secondsBehind: 0, position: expect.stringMatching(/^\d+$/) });
    expect(body.database.oldestTransaction.seconds).toEqual(expect.any(Number));
  });

  it('holds one listening connection, shared by the event store’s wake-ups and the processors’ locks', async () => {
    await registerMerchant(t); // a write: subscribers wake, processors hold their locks
    // The webhook worker's claims run on a session of their own (it listens to nothing): not counted here.
    const sessions = async () =>
      (
        await t.app
          .get(DataSource)
          .query<{ name: string }[]>("SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'tallyline:%' AND application_name <> 'tallyline:webhook-claims'")
      ).map((row) => row.name);
    expect(await sessions()).toEqual(['tallyline:listener']);
    const [held] = await t.app.get(DataSource).query<{ locks: number }[]>(
      "SELECT count(*)::int AS locks FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND a.application_name = 'tallyline:listener' AND a.datname = current_database()",
    );
    expect(held?.locks).toBe(t.app.get(ProcessorRunner).names.length);
  });

  it('marks exactly the projection that cannot handle a poison event failed, while the others advance; a retry resumes it', async () => {
    const merchant = await registerMerchant(t);
    // A UserRegistered with no data to speak of: the users projection refuses it, nothing else minds.
    const poison = await t.app.get(EventStore).append(
      `user-${randomUUID()}`,
      [{ type: 'UserRegistered', data: { userId: randomUUID() }, metadata: { actor: { type: 'system', id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 } }],
      'no_stream',
    );
    expect(await eventually(async () => (await processor('users')).state === 'failed')).toBe(true);
    const later = await t.request({ method: 'POST', url: '/api/merchant-applications', payload: longForm() }); // the others keep going
    expect(later.statusCode).toBe(201);
    // The answer waited for the projections it reads from; reactors and the event log may be a moment later.
    const othersCaughtUp = async () => (await health()).processors.every((p) => p.name === 'users' || (p.state === 'running' && p.eventsBehind === 0));
    expect(await eventually(othersCaughtUp)).toBe(true);

    const body = await health();
    expect(body.status).toBe('degraded');
    const users = body.processors.find((p) => p.name === 'users')!;
    expect(users).toMatchObject({ state: 'failed', failedAt: { position: poison.lastPosition.toString(), eventType: 'UserRegistered' }, lastError: 'registeredAt is not a date: missing' });
    expect(BigInt(users.position)).toBeLessThan(poison.lastPosition);
    expect(users.eventsBehind).toBeGreaterThanOrEqual(2);
    for (const other of body.processors.filter((p) => p.name !== 'users')) {
      expect(other).toMatchObject({ state: 'running', eventsBehind: 0 });
      expect(BigInt(other.position)).toBeGreaterThanOrEqual(poison.lastPosition);
    }
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'degraded' });

    // Only staff may retry; unknown names are a 404.
    expect((await t.request({ method: 'POST', url: '/api/admin/processors/users/retry' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/admin/processors/users/retry', headers: bearer(merchant.token) })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/admin/processors/nope/retry', headers: bearer(staff.token) })).statusCode).toBe(404);

    // A fix is deployed (here: the projection now skips that one bad event), then an operator retries.
    const users$ = t.app.get(UsersProjection);
    const handle = users$.handle.bind(users$);
    jest.spyOn(users$, 'handle').mockImplementation(async (event, manager) => (event.globalPosition === poison.lastPosition ? undefined : handle(event, manager)));
    const retry = await t.request({ method: 'POST', url: '/api/admin/processors/users/retry', headers: bearer(staff.token) });
    expect(retry.statusCode).toBe(202);
    expect(await eventually(async () => (await processor('users')).state === 'running')).toBe(true);
    expect(await processor('users')).toMatchObject({ eventsBehind: 0 });
    expect((await health()).status).toBe('ok');
  });
});
