import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../src/platform/commands/command-context.js';
import type { Decider } from '../src/platform/commands/decider.js';
import { EventSourcedCommands } from '../src/platform/commands/event-sourced-commands.js';
import type { DatabasePool } from '../src/platform/database/database-pool.js';
import { DomainError } from '../src/platform/domain-error.js';
import { type AppendResult, type ExpectedVersion, type NewEvent } from '../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../src/platform/event-store/postgres/postgres-event-store.js';
import { UpcasterRegistry } from '../src/platform/event-store/upcasting.js';
import type { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import type { TestDatabase } from './support/database.js';
import { createMigratedDatabase } from './support/postgres-store.js';
import { present } from './support/present.js';

type CounterEvent = { type: 'Opened'; data: { at: string } } | { type: 'Incremented'; data: { by: number } };
type CounterCommand = { type: 'Open'; at: Date } | { type: 'Increment'; by: number };
interface Counter {
  open: boolean;
  value: number;
}

const counter: Decider<Counter, CounterCommand, CounterEvent> = {
  initialState: () => ({ open: false, value: 0 }),
  evolve: (state, event) => (event.type === 'Opened' ? { ...state, open: true } : { ...state, value: state.value + event.data.by }),
  decide: (command, state) => {
    if (command.type === 'Open') return state.open ? [] : [{ type: 'Opened', data: { at: command.at.toISOString() } }];
    if (!state.open) throw new DomainError('illegal_state', 'Counter is not open');
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const context: CommandContext = {
  actor: { type: 'staff', id: 'staff-1' },
  correlationId: 'req-1',
  ip: '203.0.113.9',
  userAgent: 'jest',
  now: new Date('2026-01-02T03:04:05Z'),
};

/** Lets a test slip a competing write in between the pipeline's read and its append. */
class InterleavingStore extends PostgresEventStore {
  before?: (() => Promise<void>) | undefined;
  override async append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    const hook = this.before;
    this.before = undefined;
    await hook?.();
    return super.append(stream, events, expected);
  }
}

describe('command pipeline', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  let store: InterleavingStore;
  let commands: EventSourcedCommands;
  const waited: bigint[] = [];

  beforeAll(async () => {
    ({ database, pool } = await createMigratedDatabase());
    store = new InterleavingStore(pool, new UpcasterRegistry());
    const processors = {
      waitForProjections: async (position: bigint) => {
        waited.push(position);
        return { failed: [], timedOut: [] };
      },
    } as unknown as ProcessorRunner;
    commands = new EventSourcedCommands(store, processors);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('appends what the decider decides, stamps the metadata and waits for the projections', async () => {
    const result = await commands.decideAndAppend('counter-a', counter, { type: 'Open', at: context.now }, context);
    expect(result.version).toBe(0);
    expect(result.state).toEqual({ open: true, value: 0 });
    const stored = present((await store.readStream('counter-a'))[0], 'the appended event');
    expect(stored.data).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    expect(stored.metadata).toEqual({
      actor: { type: 'staff', id: 'staff-1' },
      correlationId: 'req-1',
      causationId: 'req-1',
      schemaVersion: 1,
      ip: '203.0.113.9',
      userAgent: 'jest',
    });
    expect(waited.at(-1)).toBe(stored.globalPosition);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const result = await commands.decideAndAppend('counter-a', counter, { type: 'Open', at: context.now }, context);
    expect(result.events).toEqual([]);
    expect(await store.readStream('counter-a')).toHaveLength(1);
  });

  it('passes domain errors through and appends nothing', async () => {
    await expect(commands.decideAndAppend('counter-closed', counter, { type: 'Increment', by: 1 }, context)).rejects.toMatchObject({ code: 'illegal_state' });
    expect(await store.readStream('counter-closed')).toEqual([]);
  });

  it('rejects a stale expected version (If-Match) with version_mismatch', async () => {
    await expect(
      commands.decideAndAppend('counter-a', counter, { type: 'Increment', by: 1 }, context, { expectedVersion: 5 }),
    ).rejects.toMatchObject({ code: 'version_mismatch' });
    const ok = await commands.decideAndAppend('counter-a', counter, { type: 'Increment', by: 2 }, context, { expectedVersion: 0 });
    expect(ok.state.value).toBe(2);
  });

  it('answers version_mismatch, not conflict, when the expected version was current at read but lost the race to append', async () => {
    const opened = await commands.decideAndAppend('counter-race', counter, { type: 'Open', at: context.now }, context);
    store.before = () => store.append('counter-race', [{ type: 'Incremented', data: { by: 1 }, metadata: { ...context, causationId: 'x', schemaVersion: 1 } }], 'any').then(() => undefined);
    await expect(
      commands.decideAndAppend('counter-race', counter, { type: 'Increment', by: 1 }, context, { expectedVersion: opened.version }),
    ).rejects.toMatchObject({ code: 'version_mismatch' });
  });

  it('turns a concurrent write into a conflict, or retries once when the command allows it', async () => {
    const competing = () => store.append('counter-a', [{ type: 'Incremented', data: { by: 10 }, metadata: { ...context, causationId: 'x', schemaVersion: 1 } }], 'any').then(() => undefined);
    store.before = competing;
    await expect(commands.decideAndAppend('counter-a', counter, { type: 'Increment', by: 1 }, context)).rejects.toMatchObject({ code: 'conflict' });
    store.before = competing;
    const retried = await commands.decideAndAppend('counter-a', counter, { type: 'Increment', by: 1 }, context, { retryOnConflict: true });
    expect(retried.state.value).toBe(2 + 10 + 10 + 1);
  });
});
