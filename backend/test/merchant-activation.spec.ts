import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ActivateMerchant } from '../src/merchants/activate-merchant/activate-merchant.command.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import type { TestApp } from './support/app.js';
import { bearer, createStaff, registerUser } from './support/auth.js';
import { createApplication, createOnboardingApp, eventually } from './support/onboarding.js';

describe('merchant activation is at least once', () => {
  let t: TestApp;
  let staff: { token: string };
  beforeAll(async () => {
    t = await createOnboardingApp();
    staff = await createStaff(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** A merchant registered inactive, as a stricter registration policy would record it. */
  async function inactiveMerchantFor(email: string): Promise<string> {
    const { user } = await registerUser(t, { email });
    const result = await t.app.get(EventStore).append(
      `merchant-${user.id}`,
      [{
        type: 'MerchantRegistered',
        data: { merchantId: user.id, ownerUserId: user.id, companyName: 'Pending Co', email, website: null, businessType: 'SaaS', environment: 'production', isActive: false, registeredAt: new Date().toISOString() },
        metadata: { actor: { type: 'user', id: user.id }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
      }],
      'no_stream',
    );
    await t.app.get(ProcessorRunner).waitFor(result.lastPosition);
    return user.id;
  }
  const isActive = async (merchantId: string) =>
    ((await t.app.get(DataSource).query<[{ is_active: boolean }]>('SELECT is_active FROM merchants WHERE id = $1', [merchantId])))[0].is_active;

  it('retries a failing activation until the merchant is active', async () => {
    const email = `retry-${randomUUID()}@merchant.test`;
    const merchantId = await inactiveMerchantFor(email);
    const { id } = await createApplication(t, { primaryEmail: email });

    const bus = t.app.get(CommandBus);
    const execute = bus.execute.bind(bus);
    let failures = 2;
    jest.spyOn(bus, 'execute').mockImplementation(async (command) => {
      if (command instanceof ActivateMerchant && failures-- > 0) throw new Error('merchants service unavailable');
      return execute(command);
    });
    const res = await t.request({ method: 'PATCH', url: `/api/admin/merchant-applications/${id}/status`, headers: bearer(staff.token), payload: { status: 'approved' } });
    expect(res.statusCode).toBe(200);

    expect(await eventually(() => isActive(merchantId))).toBe(true);
    expect(failures).toBe(-1); // failed twice, then succeeded
    expect(t.app.get(ProcessorRunner).failure('approved-merchant-activation')).toBeUndefined();
    const dead = await t.app.get(DataSource).query('SELECT * FROM processor_dead_letters');
    expect(dead).toEqual([]);
  });
});
