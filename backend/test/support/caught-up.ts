import { expect } from '@jest/globals';
import { EventStore } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';
import type { TestApp } from './app.js';

/**
 * Every projection at the head of the store, or the test fails naming those that are not. Generous:
 * a loaded CI machine can take longer than the app's own 5 s read-your-writes wait.
 */
export async function caughtUp(t: TestApp): Promise<void> {
  const head = await t.app.get(EventStore).headPosition();
  expect(await t.app.get(ProcessorRunner).waitForProjections(head, undefined, 60_000)).toEqual({ failed: [], timedOut: [] });
}
