import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it, jest } from '@jest/globals';
import {
  ANY,
  BACKWARDS,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AppendToStreamOptions,
  type EventData,
  type ReadAllOptions,
  type ReadStreamOptions,
} from '@eventstore/db-client';
import { START, WrongExpectedVersionError, type EventMetadata, type StoredEvent } from '../event-store.port.js';
import { UpcasterRegistry } from '../upcasting.js';
import { EventStoreDbEventStore, decodePosition, encodePosition, type EventStoreDbClient } from './eventstoredb-event-store.js';

const metadata: EventMetadata = { actor: { type: 'system', id: 'test' }, correlationId: 'c', causationId: 'c', schemaVersion: 1 };

interface Recorded {
  id: string;
  streamId: string;
  type: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: { commit: bigint; prepare: bigint };
}

const streamingRead = (items: unknown[]) => Object.assign(Readable.from(items), { cancel: jest.fn(async () => undefined) });
const failingRead = (error: Error) =>
  Object.assign(new Readable({ objectMode: true, read() { this.destroy(error); } }), { cancel: jest.fn(async () => undefined) });

/** A tiny in-memory server: $all positions step by 100 with commit = prepare, as real appends get. */
function fakeServer() {
  const log: Recorded[] = [];
  const streamOf = (id: string) => log.filter((e) => e.streamId === id);
  const record = (streamId: string, type: string, extra: Partial<Recorded> = {}): Recorded => {
    const at = BigInt((log.length + 1) * 100);
    const event: Recorded = {
      id: crypto.randomUUID(), streamId, type, revision: BigInt(streamOf(streamId).length), data: {}, metadata,
      isJson: true, created: new Date(), position: { commit: at, prepare: at }, ...extra,
    };
    log.push(event);
    return event;
  };
  const subscription = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: jest.fn(async () => undefined) });
  const client = {
    appendToStream: jest.fn(async (streamName: string, events: EventData[], options?: AppendToStreamOptions) => {
      const mine = streamOf(streamName);
      const current = mine.at(-1)?.revision ?? NO_STREAM;
      const expected = options?.expectedRevision ?? ANY;
      const admitted = expected === ANY || (expected === STREAM_EXISTS ? current !== NO_STREAM : expected === current);
      if (!admitted) throw new EsdbWrongExpectedVersionError(undefined, { streamName, expected, current });
      const written = events.map((e) => record(streamName, e.type, { id: e.id, data: e.data, metadata: e.metadata }));
      const last = written.at(-1);
      if (!last) throw new Error('the fake server was asked to append no events');
      return { success: true, nextExpectedRevision: last.revision, position: last.position };
    }),
    readStream: jest.fn((streamName: string, options: ReadStreamOptions = {}) => {
      const mine = streamOf(streamName);
      if (mine.length === 0) return failingRead(new StreamNotFoundError(undefined, streamName));
      const from = (options.fromRevision as bigint | undefined) ?? 0n;
      const count = options.maxCount === undefined ? undefined : Number(options.maxCount);
      return streamingRead(mine.filter((e) => e.revision >= from).slice(0, count).map((event) => ({ event })));
    }),
    readAll: jest.fn((options: ReadAllOptions = {}) => {
      const backwards = options.direction === BACKWARDS;
      const from = options.fromPosition;
      let events = backwards ? [...log].reverse() : log;
      // Forwards includes the start position, backwards excludes it: as the server does.
      if (typeof from === 'object') events = events.filter((e) => (backwards ? e.position.commit < from.commit : e.position.commit >= from.commit));
      return streamingRead(events.slice(0, Number(options.maxCount)).map((event) => ({ event })));
    }),
    subscribeToAll: jest.fn(() => subscription),
    dispose: jest.fn(async () => undefined),
  };
  return { log, record, subscription, client, asClient: client as unknown as EventStoreDbClient };
}

const newEvent = (type: string, data: Record<string, unknown> = {}) => ({ type, data, metadata });

describe('EventStoreDbEventStore', () => {
  describe('append', () => {
    it('maps each of the four expected versions to the client revision', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      await store.append('payment-1', [newEvent('Opened')], 'no_stream');
      await store.append('payment-1', [newEvent('Noted')], 0);
      await store.append('payment-1', [newEvent('Noted')], 'any');
      await store.append('payment-1', [newEvent('Noted')], 'stream_exists');
      expect(server.client.appendToStream.mock.calls.map((call) => call[2]?.expectedRevision)).toEqual([NO_STREAM, 0n, ANY, STREAM_EXISTS]);
    });

    it('maps stream_exists on a missing stream to a conflict with no stream', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const error = await store.append('payment-1', [newEvent('Noted')], 'stream_exists').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'payment-1', expected: 'stream_exists', actual: 'no_stream' });
    });

    it("answers the server's idempotent success for a retried batch with the stored events", async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const batch = [newEvent('A'), newEvent('B')].map((e) => ({ ...e, eventId: crypto.randomUUID() }));
      const first = await store.append('payment-1', batch, 'no_stream');
      await store.append('payment-1', [newEvent('C')], 1);
      // The server answers a repeated append with the revision and position of the events it already has.
      const repeated = server.log[1];
      if (!repeated) throw new Error('the fake server should hold the first batch');
      server.client.appendToStream.mockResolvedValueOnce({ success: true, nextExpectedRevision: 1n, position: repeated.position });
      const again = await store.append('payment-1', batch, 'no_stream');
      expect(again.events.map((e) => [e.eventId, e.streamVersion, e.globalPosition])).toEqual(
        first.events.map((e) => [e.eventId, e.streamVersion, e.globalPosition]),
      );
      expect(again).toMatchObject({ nextExpectedVersion: 1, lastPosition: first.lastPosition });
    });

    it('stores data and metadata as JSON, keeps given ids and generates missing ones', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const eventId = crypto.randomUUID();
      const result = await store.append('payment-1', [{ ...newEvent('Opened', { n: 1 }), eventId }, newEvent('Noted')], 'no_stream');
      const sent = server.client.appendToStream.mock.calls[0]?.[1][0];
      expect(sent).toMatchObject({ id: eventId, contentType: 'application/json', type: 'Opened', data: { n: 1 }, metadata });
      expect(result.events[0]?.eventId).toBe(eventId);
      expect(result.events[1]?.eventId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('gives every event of a batch its own position, read back since the answer only has the last', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const result = await store.append('payment-1', [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
      expect(result.events.map((e) => [e.streamVersion, e.globalPosition])).toEqual([[0, 100n], [1, 200n], [2, 300n]]);
      expect(result).toMatchObject({ nextExpectedVersion: 2, lastPosition: 300n });
      const single = await store.append('payment-1', [newEvent('D')], 2);
      expect(single.events[0]).toMatchObject({ streamVersion: 3, globalPosition: 400n });
      expect(single.events[0]?.recordedAt).toBeInstanceOf(Date);
      expect(server.client.readStream).toHaveBeenCalledTimes(1);
    });

    it('maps a version conflict to our error with the actual version', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      await store.append('payment-1', [newEvent('A'), newEvent('B')], 'no_stream');
      const stale = await store.append('payment-1', [newEvent('C')], 0).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ streamId: 'payment-1', expected: 0, actual: 1 });
      const missing = await store.append('payment-2', [newEvent('C')], 3).catch((e: unknown) => e);
      expect(missing).toMatchObject({ expected: 3, actual: 'no_stream' });
    });
  });

  describe('readStream', () => {
    it('reads from, to and until a time, and returns nothing for a missing stream', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      ['A', 'B', 'C', 'D'].forEach((type, i) => server.record('payment-1', type, { created: new Date(1_000 * (i + 1)) }));
      expect((await store.readStream('payment-1', { from: 1, to: 2 })).map((e) => e.type)).toEqual(['B', 'C']);
      expect(server.client.readStream.mock.calls[0]?.[1]).toMatchObject({ fromRevision: 1n, maxCount: 2 });
      expect((await store.readStream('payment-1', { untilTime: new Date(2_500) })).map((e) => e.type)).toEqual(['A', 'B']);
      expect((await store.readStream('payment-1'))[3]).toMatchObject({ streamVersion: 3, globalPosition: 400n, streamId: 'payment-1' });
      expect(await store.readStream('payment-9')).toEqual([]);
    });
  });

  describe('readAll', () => {
    it('reads after a position, exclusive, without system events, paging past them up to the limit', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const a = server.record('payment-1', 'A');
      server.record('$stats-127.0.0.1:2113', '$statsCollected');
      server.record('payment-1', '$ProjectionTouched');
      server.record('$settings', 'SettingsChanged');
      server.record('payment-2', 'B');
      server.record('payment-1', 'C');
      expect((await store.readAll(START, 10)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      server.client.readAll.mockClear();
      expect((await store.readAll(encodePosition(a.position), 1)).map((e) => e.type)).toEqual(['B']);
      // Each page restarts at the last position seen, whose event the read repeats and we drop.
      const pages = server.client.readAll.mock.calls.map(([options]) => [(options!.fromPosition as { commit: bigint }).commit, options!.maxCount]);
      expect(pages).toEqual([[100n, 2], [200n, 2], [300n, 2], [400n, 2]]);
    });

    it('reports the newest non-system event as the head, START when there is none', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      expect(await store.headPosition()).toBe(START);
      server.record('payment-1', 'A');
      server.record('$stats-127.0.0.1:2113', '$statsCollected');
      expect(await store.headPosition()).toBe(100n);
    });
  });

  describe('positions', () => {
    it('round-trips, keeps $all order and reserves 0 for the start', () => {
      const positions = [100n, 4_096n, 2n ** 40n].map((p) => ({ commit: p, prepare: p }));
      const encoded = positions.map(encodePosition);
      expect(encoded.map(decodePosition)).toEqual(positions);
      expect([...encoded].sort((x, y) => (x < y ? -1 : 1))).toEqual(encoded);
      expect(decodePosition(START)).toBe('start');
    });

    it('refuses explicit-transaction events, whose commit position is shared', () => {
      expect(() => encodePosition({ commit: 900n, prepare: 300n })).toThrow(/explicit transaction/);
    });
  });

  describe('subscribe', () => {
    const resolved = (server: ReturnType<typeof fakeServer>, type: string) => ({ event: server.record('payment-1', type) });

    it('skips the checkpoint event, batches what is buffered, filters system events and closes', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient);
      const checkpoint = server.record('payment-1', 'Seen');
      const subscription = store.subscribe(encodePosition(checkpoint.position), { batchSize: 2 });
      expect(server.client.subscribeToAll.mock.calls[0]).toEqual([
        expect.objectContaining({ fromPosition: { commit: 100n, prepare: 100n }, filter: expect.objectContaining({ regex: '^[^$].*' }) }),
      ]);
      server.subscription.emit('confirmation');
      server.subscription.write({ event: checkpoint });
      server.subscription.write({ event: server.record('$settings', 'SettingsChanged') });
      for (const type of ['A', 'B', 'C']) server.subscription.write(resolved(server, type));
      const batches = subscription[Symbol.asyncIterator]();
      const first = await batches.next();
      expect((first.value as StoredEvent[]).map((e) => e.type)).toEqual(['A', 'B']);
      expect(((await batches.next()).value as StoredEvent[]).map((e) => e.type)).toEqual(['C']);
      const pending = batches.next();
      server.subscription.write(resolved(server, 'D'));
      expect(((await pending).value as StoredEvent[]).map((e) => e.type)).toEqual(['D']);
      const waiting = batches.next();
      await subscription.close();
      expect(await waiting).toEqual({ done: true, value: undefined });
      expect(server.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    });

    it('fails when the server never confirms the subscription', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient, undefined, { timeoutMs: 20 });
      const subscription = store.subscribe(START);
      await expect(subscription[Symbol.asyncIterator]().next()).rejects.toThrow('EventStoreDB subscribeToAll did not answer within 20 ms');
      await subscription.close();
    });
  });

  describe('timeouts', () => {
    it('fails a call the server never answers with a clear error', async () => {
      const server = fakeServer();
      const store = new EventStoreDbEventStore(server.asClient, undefined, { timeoutMs: 20 });
      server.client.appendToStream.mockImplementation(() => new Promise(() => {}));
      await expect(store.append('payment-1', [newEvent('A')], 'any')).rejects.toThrow(/appendToStream\(payment-1\).*did not answer within 20 ms/);
      const silent = Object.assign(new Readable({ objectMode: true, read() {} }), { cancel: jest.fn(async () => undefined) });
      server.client.readStream.mockReturnValue(silent);
      await expect(store.readStream('payment-1')).rejects.toThrow('EventStoreDB readStream(payment-1) did not answer within 20 ms');
      expect(silent.cancel).toHaveBeenCalled();
    });

    it('disposes the client on close', async () => {
      const server = fakeServer();
      await new EventStoreDbEventStore(server.asClient).close();
      expect(server.client.dispose).toHaveBeenCalled();
    });
  });

  it('upcasts every event it reads', async () => {
    const server = fakeServer();
    const upcasters = new UpcasterRegistry().register('ThingRenamed', (data, meta) => ({
      data: { name: (data as { title: string }).title },
      metadata: { ...meta, schemaVersion: 2 },
    }));
    const store = new EventStoreDbEventStore(server.asClient, upcasters);
    const stored = server.record('thing-1', 'ThingRenamed', { data: { title: 'old' } });
    const upcast = { data: { name: 'old' }, metadata: { schemaVersion: 2 } };
    expect((await store.readStream('thing-1'))[0]).toMatchObject(upcast);
    expect((await store.readAll(START, 1))[0]).toMatchObject(upcast);
    const subscription = store.subscribe(START);
    server.subscription.write({ event: stored });
    expect(((await subscription[Symbol.asyncIterator]().next()).value as StoredEvent[])[0]).toMatchObject(upcast);
    await subscription.close();
  });
});
