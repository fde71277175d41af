import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from './event-store.port.js';
import { sharedPerWakeUp, SingleFlight } from './single-flight.js';

/** A log of positions whose reads are counted. */
function log(positions: bigint[]) {
  const reads: bigint[] = [];
  const flight = new SingleFlight<bigint[]>();
  const readAfter = (after: bigint) =>
    flight.run(String(after), async () => {
      reads.push(after);
      return positions.filter((p) => p > after);
    });
  return { reads, readAfter, append: (position: bigint) => positions.push(position) };
}

describe('SingleFlight', () => {
  it('answers the callers asking the same question at once with one read', async () => {
    const { reads, readAfter } = log([1n, 2n]);
    const answers = await Promise.all([readAfter(0n), readAfter(0n), readAfter(1n)]);
    expect(answers).toEqual([[1n, 2n], [1n, 2n], [2n]]);
    expect(reads).toEqual([0n, 1n]);
  });

  it('asks again for a later caller: an event may have been appended since', async () => {
    const { reads, readAfter, append } = log([1n]);
    expect(await readAfter(1n)).toEqual([]);
    append(2n);
    expect(await readAfter(1n)).toEqual([2n]);
    expect(reads).toEqual([1n, 1n]);
  });

  it('shares a failure with those waiting on it, and asks again after', async () => {
    const flight = new SingleFlight<string>();
    let fail = true;
    const ask = () => flight.run('q', async () => (fail ? Promise.reject(new Error('connection lost')) : 'answer'));
    for (const answer of [ask(), ask()]) await expect(answer).rejects.toThrow('connection lost');
    fail = false;
    expect(await ask()).toBe('answer');
  });
});

describe('sharedPerWakeUp', () => {
  const event = (position: bigint) => ({ globalPosition: position }) as StoredEvent;

  /** Reads that answer only when released, recorded in order. */
  function slowLog() {
    const asked: { after: bigint; release: (events: StoredEvent[]) => void }[] = [];
    const read = (after: bigint) => new Promise<StoredEvent[]>((release) => asked.push({ after, release }));
    return { asked, read, hasUnsettled: async () => false };
  }

  it('shares one read among the subscribers woken by the same announcement', async () => {
    const wakeUps = { generation: 3 };
    const log = slowLog();
    const shared = sharedPerWakeUp(wakeUps, log);
    const answers = Promise.all([shared.read(5n, 500), shared.read(5n, 500)]);
    log.asked[0]?.release([event(6n)]);
    expect(await answers).toEqual([[event(6n)], [event(6n)]]);
    expect(log.asked).toHaveLength(1);
  });

  it('never hands a read begun before an announcement to a subscriber woken by it', async () => {
    const wakeUps = { generation: 3 };
    const log = slowLog();
    const shared = sharedPerWakeUp(wakeUps, log);
    const early = shared.read(5n, 500); // started before event 6 was announced
    wakeUps.generation += 1; // event 6 is announced; a subscriber counts it as seen and reads
    const late = shared.read(5n, 500);
    expect(log.asked).toHaveLength(2);
    log.asked[0]?.release([]);
    log.asked[1]?.release([event(6n)]);
    expect([await early, await late]).toEqual([[], [event(6n)]]);
  });
});
