import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from './event-store.port.js';
import { pollingSubscription } from './subscription.js';

const event = (position: bigint) => ({ globalPosition: position }) as StoredEvent;

describe('pollingSubscription', () => {
  it('backs off, doubling up to a cap, while a running transaction holds events back, and starts over after a batch', async () => {
    // Eight empty reads with something committed behind the horizon, a batch, three more, a batch.
    const reads: StoredEvent[][] = [...Array<StoredEvent[]>(8).fill([]), [event(5n)], [], [], [], [event(6n)]];
    const waits: number[] = [];
    const subscription = pollingSubscription({
      after: 0n,
      batchSize: 10,
      read: async () => reads.shift() ?? [],
      hasUnsettled: async () => true,
      // Records how long each wait may last, and never waits.
      wakeUps: { generation: 0, ensureListening: async () => undefined, next: async (timeoutMs) => void waits.push(timeoutMs) },
    });
    const batches: StoredEvent[][] = [];
    for await (const batch of subscription) if (batches.push(batch) === 2) break;
    expect(batches).toEqual([[event(5n)], [event(6n)]]);
    expect(waits).toEqual([5, 10, 20, 40, 50, 50, 50, 50, 5, 10, 20]);
  });

  it('waits for a wake-up, bounded by a long safety net, when nothing is held back', async () => {
    const reads: StoredEvent[][] = [[], [], [event(7n)]];
    const waits: number[] = [];
    const subscription = pollingSubscription({
      after: 0n,
      batchSize: 10,
      read: async () => reads.shift() ?? [],
      hasUnsettled: async () => false,
      wakeUps: { generation: 0, ensureListening: async () => undefined, next: async (timeoutMs) => void waits.push(timeoutMs) },
    });
    for await (const batch of subscription) {
      expect(batch).toEqual([event(7n)]);
      break;
    }
    expect(waits).toEqual([5_000, 5_000]);
  });

  it('asks the database itself until it has had events, and again after events were held back', async () => {
    const reads: StoredEvent[][] = [[], [event(5n)], [], [], [event(6n)], []];
    const unsettled = [true, false, true];
    const fresh: boolean[] = [];
    const subscription = pollingSubscription({
      after: 0n,
      batchSize: 10,
      read: async (_after, _limit, _seen, own) => (fresh.push(own), reads.shift() ?? []),
      hasUnsettled: async () => unsettled.shift() ?? false,
      wakeUps: { generation: 0, ensureListening: async () => undefined, next: async () => undefined },
    });
    const batches: StoredEvent[][] = [];
    for await (const batch of subscription) if (batches.push(batch) === 2) break;
    expect(batches).toEqual([[event(5n)], [event(6n)]]);
    expect(fresh).toEqual([true, true, false, false, true]);
  });
});
