import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from './event-store.port.js';
import { SharedReads } from './shared-reads.js';

const event = (position: bigint) => ({ globalPosition: position }) as StoredEvent;

/** A log whose reads are counted. */
function log(positions: bigint[]) {
  const reads: bigint[] = [];
  const read = async (after: bigint, limit: number) => {
    reads.push(after);
    return positions.filter((p) => p > after).slice(0, limit).map(event);
  };
  return { reads, read, append: (position: bigint) => positions.push(position) };
}

describe('SharedReads', () => {
  it('answers the subscribers asking for the same position at once with one read', async () => {
    const { reads, read } = log([1n, 2n]);
    const shared = new SharedReads(read);
    const answers = await Promise.all([shared.readAll(0n, 10), shared.readAll(0n, 10), shared.readAll(1n, 10)]);
    expect(answers).toEqual([[event(1n), event(2n)], [event(1n), event(2n)], [event(2n)]]);
    expect(reads).toEqual([0n, 1n]);
  });

  it('reads again for a later subscriber: an event may have been appended since', async () => {
    const { reads, read, append } = log([1n]);
    const shared = new SharedReads(read);
    expect(await shared.readAll(1n, 10)).toEqual([]);
    append(2n);
    expect(await shared.readAll(1n, 10)).toEqual([event(2n)]);
    expect(reads).toEqual([1n, 1n]);
  });

  it('shares a failure with those waiting on it, and reads again after', async () => {
    let fail = true;
    const shared = new SharedReads(async () => {
      if (fail) throw new Error('connection lost');
      return [event(1n)];
    });
    const both = [shared.readAll(0n, 10), shared.readAll(0n, 10)];
    for (const answer of both) await expect(answer).rejects.toThrow('connection lost');
    fail = false;
    expect(await shared.readAll(0n, 10)).toEqual([event(1n)]);
  });
});
