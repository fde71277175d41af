import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WrongExpectedVersionError, type EventStore, type ExpectedVersion, type NewEvent, type StoredEvent } from '../event-store.port.js';
import { UpcasterRegistry } from '../upcasting.js';

/**
 * The behaviour every event store adapter must show. Run from backend/test against each adapter
 * available (PostgreSQL always, EventStoreDB when EVENTSTORE_URL is set).
 */
export interface ConformanceTarget {
  create(upcasters: UpcasterRegistry): Promise<EventStore>;
  dispose?(): Promise<void>;
}

const metadata = { actor: { type: 'system' as const, id: 'conformance' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };
const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({ type, data, metadata });

/**
 * readAll only returns settled events: on PostgreSQL a transaction still running anywhere on the server
 * (another test file's database included) holds newer ones back for a moment. Wait, bounded, until it passes.
 */
export async function settled(store: EventStore, position: bigint): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await store.headPosition()) < position && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

export function describeEventStoreConformance(name: string, target: ConformanceTarget): void {
  describe(`event store conformance: ${name}`, () => {
    let store: EventStore;
    const upcasters = new UpcasterRegistry().register('ThingRenamed', (data, meta) =>
      meta.schemaVersion === 1 ? { data: { name: (data as { title: string }).title }, metadata: { ...meta, schemaVersion: 2 } } : { data, metadata: meta },
    );
    // Unique per run, so a shared EventStoreDB server can be reused.
    const run = randomUUID().replaceAll('-', '');
    const stream = (label: string) => `conf${run}${label}-${randomUUID()}`;

    beforeAll(async () => {
      store = await target.create(upcasters);
    });
    afterAll(async () => {
      await store.close();
      await target.dispose?.();
    });

    it('appends a batch to a new stream and reads it back in order', async () => {
      const id = stream('a');
      const result = await store.append(id, [event('Opened', { n: 1 }), event('Noted', { n: 2 }), event('Closed', { n: 3 })], 'no_stream');
      expect(result.nextExpectedVersion).toBe(2);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.data, e.streamVersion, e.streamId])).toEqual([
        ['Opened', { n: 1 }, 0, id],
        ['Noted', { n: 2 }, 1, id],
        ['Closed', { n: 3 }, 2, id],
      ]);
      expect(read.map((e) => e.eventId)).toEqual(result.events.map((e) => e.eventId));
      const [first, second, third] = read;
      expect(first?.metadata).toMatchObject(metadata);
      expect(first?.recordedAt).toBeInstanceOf(Date);
      expect(first && second && first.globalPosition < second.globalPosition).toBe(true);
      expect(result.lastPosition).toBe(third?.globalPosition);
    });

    it('keeps the event id given by the caller', async () => {
      const id = stream('id');
      const eventId = randomUUID();
      await store.append(id, [{ ...event('Opened'), eventId }], 'no_stream');
      expect((await store.readStream(id))[0]?.eventId).toBe(eventId);
    });

    // Each expectation against a missing stream and one at version 1, with the right and a wrong revision.
    const matrix: Array<{ label: string; expected: ExpectedVersion; existing: 'absent' | 'present'; outcome: 'ok' | number | 'no_stream' }> = [
      { label: 'any', expected: 'any', existing: 'absent', outcome: 'ok' },
      { label: 'any', expected: 'any', existing: 'present', outcome: 'ok' },
      { label: 'no_stream', expected: 'no_stream', existing: 'absent', outcome: 'ok' },
      { label: 'no_stream', expected: 'no_stream', existing: 'present', outcome: 1 },
      { label: 'stream_exists', expected: 'stream_exists', existing: 'absent', outcome: 'no_stream' },
      { label: 'stream_exists', expected: 'stream_exists', existing: 'present', outcome: 'ok' },
      { label: 'the right revision', expected: 1, existing: 'present', outcome: 'ok' },
      { label: 'a stale revision', expected: 0, existing: 'present', outcome: 1 },
      { label: 'a revision ahead', expected: 2, existing: 'present', outcome: 1 },
      { label: 'a revision', expected: 0, existing: 'absent', outcome: 'no_stream' },
    ];
    it.each(matrix)('expected version $label on a stream $existing: $outcome', async ({ expected, existing, outcome }) => {
      const id = stream('ev');
      if (existing === 'present') await store.append(id, [event('Opened'), event('Noted')], 'no_stream');
      const before = existing === 'present' ? 2 : 0;
      const result = await store.append(id, [event('Tried')], expected).catch((e: unknown) => e);
      if (outcome === 'ok') {
        expect(result).toMatchObject({ nextExpectedVersion: before });
        expect((await store.readStream(id)).map((e) => e.type).at(-1)).toBe('Tried');
      } else {
        expect(result).toBeInstanceOf(WrongExpectedVersionError);
        expect(result).toMatchObject({ streamId: id, expected, actual: outcome });
        expect(await store.readStream(id)).toHaveLength(before);
      }
    });

    it.each([-1, -2, 1.5])('refuses %s as a revision instead of reading it as something else', async (revision) => {
      const id = stream('badrev');
      await expect(store.append(id, [event('Opened')], revision)).rejects.toThrow(`Invalid expected version ${revision}`);
      expect(await store.readStream(id)).toEqual([]);
    });

    describe('appending events whose ids are already stored in the stream (a retried append)', () => {
      const withIds = (...types: string[]) => types.map((type) => ({ ...event(type), eventId: randomUUID() }));

      it.each<[string, ExpectedVersion]>([
        ['no_stream', 'no_stream'],
        ['the revision before them', 0],
        ['any', 'any'],
        ['stream_exists', 'stream_exists'],
      ])('is an idempotent success with %s, answering the stored events', async (_label, expected) => {
        const id = stream('idem');
        const opened = expected === 'no_stream' ? [] : [event('Opened')];
        if (opened.length > 0) await store.append(id, opened, 'no_stream');
        const batch = withIds('A', 'B');
        const first = await store.append(id, batch, expected);
        const again = await store.append(id, batch, expected);
        expect(again.nextExpectedVersion).toBe(first.nextExpectedVersion);
        expect(again.lastPosition).toBe(first.lastPosition);
        expect(again.events.map((e) => [e.eventId, e.streamVersion, e.globalPosition])).toEqual(
          first.events.map((e) => [e.eventId, e.streamVersion, e.globalPosition]),
        );
        expect((await store.readStream(id)).map((e) => e.eventId)).toEqual([...opened.map(() => expect.any(String)), ...batch.map((e) => e.eventId)]);
      });

      it('is still an idempotent success after the stream moved on', async () => {
        const id = stream('idemlater');
        const batch = withIds('A');
        const first = await store.append(id, batch, 'no_stream');
        await store.append(id, [event('B')], 0);
        const again = await store.append(id, batch, 'no_stream');
        expect(again).toMatchObject({ nextExpectedVersion: 0, lastPosition: first.lastPosition });
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it.each<[string, ExpectedVersion]>([
        ['the same revision', 'no_stream'],
        ['any', 'any'],
      ])('refuses a batch only partly stored with %s, appending nothing', async (_label, expected) => {
        const id = stream('partial');
        const batch = withIds('A', 'B', 'C');
        await store.append(id, batch.slice(0, 2), 'no_stream');
        await expect(store.append(id, batch, expected)).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('refuses them with a revision that does not come right before them', async () => {
        const id = stream('elsewhere');
        const batch = withIds('A');
        await store.append(id, [event('Opened')], 'no_stream');
        await store.append(id, batch, 0);
        await store.append(id, [event('Closed')], 1);
        await expect(store.append(id, batch, 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(id)).toHaveLength(3);
      });
    });

    it('lets exactly one of several writers with the same expected version win', async () => {
      const id = stream('race');
      await store.append(id, [event('Opened')], 'no_stream');
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => store.append(id, [event('Noted')], 0)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes.filter((o) => o.status === 'rejected')) {
        expect((o).reason).toBeInstanceOf(WrongExpectedVersionError);
      }
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads a stream from, to and until a time', async () => {
      const id = stream('range');
      await store.append(id, [event('A'), event('B'), event('C'), event('D')], 'no_stream');
      expect((await store.readStream(id, { from: 1, to: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
      const [, , , fourth] = await store.readStream(id);
      if (!fourth) throw new Error('the stream should hold four events');
      const cut = fourth.recordedAt;
      await new Promise((r) => setTimeout(r, 20));
      await store.append(id, [event('E')], 3);
      expect((await store.readStream(id, { untilTime: cut })).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      expect(await store.readStream(stream('nothing'))).toEqual([]);
    });

    it('reads all events after a position, exclusive, in global order, with a limit', async () => {
      const head = await store.headPosition();
      const id = stream('all');
      const appended = await store.append(id, [event('A'), event('B'), event('C')], 'no_stream');
      await settled(store, appended.lastPosition);
      const mine = (await store.readAll(head, 10_000)).filter((e) => e.streamId === id);
      expect(mine.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      const [firstAppended] = appended.events;
      if (!firstAppended) throw new Error('append should answer the events it stored');
      const afterFirst = (await store.readAll(firstAppended.globalPosition, 10_000)).filter((e) => e.streamId === id);
      expect(afterFirst.map((e) => e.type)).toEqual(['B', 'C']);
      expect(await store.readAll(head, 2)).toHaveLength(2);
      expect(await store.headPosition()).toBe(appended.lastPosition);
    });

    it('upcasts an old event version on read and leaves the stored shape alone', async () => {
      const id = stream('up');
      const before = await store.headPosition();
      const renamed = await store.append(id, [event('ThingRenamed', { title: 'old shape' })], 'no_stream');
      await settled(store, renamed.lastPosition);
      const [read] = await store.readStream(id);
      expect(read?.data).toEqual({ name: 'old shape' });
      expect(read?.metadata.schemaVersion).toBe(2);
      const [fromAll] = (await store.readAll(before, 10_000)).filter((e) => e.streamId === id);
      expect(fromAll?.data).toEqual({ name: 'old shape' });
    });

    it('subscribes from a checkpoint: catches up, then stays live', async () => {
      const id = stream('sub');
      const first = await store.append(id, [event('A'), event('B')], 'no_stream');
      const [checkpoint] = first.events;
      if (!checkpoint) throw new Error('append should answer the events it stored');
      const subscription = store.subscribe(checkpoint.globalPosition, { batchSize: 10 });
      const seen: StoredEvent[] = [];
      const reading = (async () => {
        for await (const batch of subscription) {
          expect(batch.length).toBeGreaterThan(0);
          seen.push(...batch.filter((e) => e.streamId === id));
          if (seen.length >= 2) return;
        }
      })();
      await new Promise((r) => setTimeout(r, 100));
      await store.append(id, [event('C')], 1);
      await reading;
      await subscription.close();
      expect(seen.map((e) => e.type)).toEqual(['B', 'C']);
    });

    it('never skips or repeats an event for a subscriber while 8 writers append 5,000+ events', async () => {
      const writers = 8;
      const perWriter = 640;
      const start = await store.headPosition();
      const shared = stream('shared');
      const subscription = store.subscribe(start, { batchSize: 250 });
      const received: StoredEvent[] = [];
      const expected = new Set<string>();
      const total = writers * perWriter;
      const reading = (async () => {
        for await (const batch of subscription) {
          received.push(...batch.filter((e) => e.streamId.startsWith(`conf${run}`)));
          if (received.length >= total) return;
        }
      })();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const own = stream(`w${w}`);
          let version: number | 'no_stream' = 'no_stream';
          for (let written = 0; written < perWriter; ) {
            const size = 1 + ((written + w) % 7);
            const batch = Array.from({ length: Math.min(size, perWriter - written) }, (_, i) => ({
              ...event('Counted', { writer: w, n: written + i }),
              eventId: randomUUID(),
            }));
            batch.forEach((e) => expected.add(e.eventId));
            // Every third batch goes to one stream all writers share, as 'any'.
            if (written % 3 === 0) await store.append(shared, batch, 'any');
            else version = (await store.append(own, batch, version)).nextExpectedVersion;
            written += batch.length;
          }
        }),
      );
      const timeout = setTimeout(() => void subscription.close(), 60_000);
      await reading;
      clearTimeout(timeout);
      await subscription.close();
      const ids = received.map((e) => e.eventId);
      expect(ids.length).toBe(total);
      expect(new Set(ids).size).toBe(total);
      expect(ids.every((id) => expected.has(id))).toBe(true);
      for (const [i, event] of received.entries()) {
        const previous = received[i - 1];
        if (previous) expect(event.globalPosition > previous.globalPosition).toBe(true);
      }
    }, 120_000);
  });
}
