import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from './event-store.port.js';
import { SharedFeed } from './shared-feed.js';

const event = (position: bigint) => ({ globalPosition: position, eventId: String(position) }) as StoredEvent;

/** A settled log whose reads answer at once and are recorded. */
function log(positions: number[]) {
  const asked: bigint[] = [];
  const events = positions.map((p) => event(BigInt(p)));
  return {
    asked,
    events,
    read: async (after: bigint, limit: number) => {
      asked.push(after);
      return events.filter((e) => e.globalPosition > after).slice(0, limit);
    },
    hasUnsettled: async () => false,
  };
}

/** Reads that answer only when released, recorded in order. */
function slowLog() {
  const asked: { after: bigint; release: (events: StoredEvent[]) => void }[] = [];
  const read = (after: bigint) => new Promise<StoredEvent[]>((release) => asked.push({ after, release }));
  return { asked, read, hasUnsettled: async () => false };
}

describe('SharedFeed', () => {
  it('shares one read among the subscribers woken by the same announcement', async () => {
    const wakeUps = { generation: 3 };
    const slow = slowLog();
    const feed = new SharedFeed(wakeUps, slow);
    const first = feed.read(5n, 500, 3);
    await Promise.resolve();
    slow.asked[0]?.release([]);
    expect(await first).toEqual([]);
    const answers = Promise.all([feed.read(5n, 500, 3), feed.read(5n, 500, 3)]);
    expect(await answers).toEqual([[], []]);
    wakeUps.generation = 4;
    const woken = Promise.all([feed.read(5n, 500, 4), feed.read(5n, 500, 4)]);
    await Promise.resolve();
    slow.asked[1]?.release([event(6n)]);
    expect(await woken).toEqual([[event(6n)], [event(6n)]]);
    expect(slow.asked).toHaveLength(2);
  });

  it('never answers nothing from a read begun before an announcement the subscriber has seen', async () => {
    const wakeUps = { generation: 3 };
    const slow = slowLog();
    const feed = new SharedFeed(wakeUps, slow);
    const start = feed.read(5n, 500, 3);
    slow.asked[0]?.release([]);
    await start;
    const early = feed.read(5n, 500, 3); // nothing new announced yet: answered from what was read
    expect(await early).toEqual([]);
    wakeUps.generation = 4; // event 6 is announced; a subscriber counts it as seen and reads
    const late = feed.read(5n, 500, 4);
    await Promise.resolve();
    expect(slow.asked).toHaveLength(2);
    slow.asked[1]?.release([event(6n)]);
    expect(await late).toEqual([event(6n)]);
  });

  it('answers subscribers a few batches apart from the events it keeps, reading the log once', async () => {
    const source = log([1, 2, 3, 4, 5, 6]);
    const feed = new SharedFeed({ generation: 0 }, source);
    expect(await feed.read(0n, 2, 0)).toEqual([event(1n), event(2n)]);
    expect(await feed.read(2n, 10, 0)).toEqual([event(3n), event(4n), event(5n), event(6n)]);
    // A slower subscriber still at 1 and one at 4 are answered without asking the database.
    expect(await feed.read(1n, 10, 0)).toEqual([event(2n), event(3n), event(4n), event(5n), event(6n)]);
    expect(await feed.read(4n, 1, 0)).toEqual([event(5n)]);
    expect(await feed.read(6n, 10, 0)).toEqual([]);
    expect(source.asked).toEqual([0n, 2n]);
  });

  it('lets a subscriber far behind read on its own until it reaches the kept events, then answers it from them', async () => {
    const source = log([1, 2, 3, 4, 5, 6, 7, 8]);
    const feed = new SharedFeed({ generation: 0 }, source, 3);
    expect(await feed.read(0n, 10, 0)).toHaveLength(8); // keeps 6, 7, 8 only
    source.asked.length = 0;
    expect(await feed.read(1n, 2, 0)).toEqual([event(2n), event(3n)]);
    expect(await feed.read(3n, 2, 0)).toEqual([event(4n), event(5n)]);
    expect(source.asked).toEqual([1n, 3n]);
    expect(await feed.read(5n, 2, 0)).toEqual([event(6n), event(7n)]);
    expect(await feed.read(7n, 2, 0)).toEqual([event(8n)]);
    expect(source.asked).toEqual([1n, 3n]);
  });

  it('follows a subscriber that starts ahead of what it kept', async () => {
    const source = log([1, 2, 3, 4]);
    const feed = new SharedFeed({ generation: 0 }, source);
    expect(await feed.read(0n, 1, 0)).toEqual([event(1n)]);
    expect(await feed.read(3n, 10, 0)).toEqual([event(4n)]);
    source.events.push(event(5n));
    expect(await feed.read(4n, 10, 1)).toEqual([event(5n)]);
    expect(source.asked).toEqual([0n, 3n, 4n]);
  });

  it('starts over from the log when it finds other events there than those it kept (the log was emptied)', async () => {
    const source = log([1, 2, 3]);
    const feed = new SharedFeed({ generation: 0 }, source);
    expect(await feed.read(0n, 10, 0)).toHaveLength(3);
    source.events.splice(0, 3, { globalPosition: 7n, eventId: 'new' } as StoredEvent);
    expect(await feed.read(0n, 10, 1, true)).toEqual([{ globalPosition: 7n, eventId: 'new' }]);
    expect(await feed.read(0n, 10, 1)).toEqual([{ globalPosition: 7n, eventId: 'new' }]);
  });
});
