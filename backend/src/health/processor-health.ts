import { Injectable } from '@nestjs/common';
import type { OldestTransaction, ProcessorReport } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { EventStore } from '../platform/event-store/event-store.port.js';
import { lockKey } from '../platform/projections/checkpoint-watcher.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';

/** "Events behind" is counted up to this many (a bounded read, never a COUNT over the whole log). */
export const BEHIND_CAP = 1_000;

/** What /api/health (for staff) and `npm run processors -- list` say about the processors. */
@Injectable()
export class ProcessorHealth {
  constructor(
    private readonly runner: ProcessorRunner,
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async processors(): Promise<ProcessorReport[]> {
    const checkpoints = new Map(
      ((await this.dataSource.query<{ name: string; position: string }[]>('SELECT name, position FROM processor_checkpoints'))).map((row) => [row.name, BigInt(row.position)]),
    );
    const deadLetters = new Map(
      ((await this.dataSource.query<{ processor: string; n: number }[]>('SELECT processor, count(*)::int AS n FROM processor_dead_letters GROUP BY processor'))).map((row) => [row.processor, row.n]),
    );
    const held = await this.heldLocks(this.runner.all.map((processor) => processor.name));
    // Processors are mostly at the same position: one bounded read per distinct position.
    const lag = new Map<bigint, Promise<{ count: number; seconds: number }>>();
    const lagAfter = (position: bigint) => {
      if (!lag.has(position)) {
        lag.set(
          position,
          this.store.readAll(position, BEHIND_CAP).then((events) => ({
            count: events.length,
            seconds: events[0] ? Math.max(0, Math.round((Date.now() - events[0].recordedAt.getTime()) / 1000)) : 0,
          })),
        );
      }
      return lag.get(position)!;
    };
    return Promise.all(
      this.runner.all.map(async (processor): Promise<ProcessorReport> => {
        // A processor that skipped events keeps that position in memory for a while (the runner's).
        const stored = checkpoints.get(processor.name) ?? 0n;
        const known = this.runner.position(processor.name);
        const position = known > stored ? known : stored;
        const behind = await lagAfter(position);
        const failure = this.runner.failure(processor.name);
        const status = this.runner.status(processor.name);
        const runsHere = status !== undefined && status.state !== 'standby' && status.state !== 'starting';
        const lastError = failure?.message ?? status?.lastError?.message;
        // From the log, not the runner's last batch: a processor restarted with nothing to read has had no
        // batch yet and is running, not catching up. Whoever holds its lock runs it; if nobody does, nothing does.
        const derived = !runsHere && !held.has(processor.name) ? 'standby' : behind.count > 0 ? 'catching_up' : 'running';
        const state = failure ? 'failed' : status?.state === 'paused' ? 'paused' : derived;
        return {
          name: processor.name,
          kind: (processor as { kind?: string }).kind === 'reactor' ? 'reactor' : 'projection',
          state: state,
          runsHere,
          position: position.toString(),
          eventsBehind: behind.count,
          eventsBehindCapped: behind.count >= BEHIND_CAP,
          secondsBehind: behind.seconds,
          ...(failure
            ? { failedAt: { position: failure.position?.toString() ?? null, eventType: failure.eventType, at: failure.failedAt.toISOString(), attempts: failure.attempts } }
            : {}),
          ...(lastError !== undefined ? { lastError } : {}),
          deadLetters: deadLetters.get(processor.name) ?? 0,
        };
      }),
    );
  }

  /**
   * The processors whose advisory lock some session holds (a bigint key is classid:objid in pg_locks).
   * Advisory locks belong to a database: another database on the server may use the same keys.
   */
  private async heldLocks(names: string[]): Promise<Set<string>> {
    const rows = await this.dataSource.query<{ key: string }[]>(
      `SELECT key FROM unnest($1::text[]) AS key
        WHERE EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                         AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext(key)::bigint)`,
      [names.map(lockKey)],
    );
    const held = new Set(rows.map((row) => row.key));
    return new Set(names.filter((name) => held.has(lockKey(name))));
  }

  /**
   * The oldest transaction open anywhere on the server: while it runs, no subscriber can read past
   * events written after it started (the store's visibility horizon), and vacuum cannot clean up.
   */
  async oldestTransaction(): Promise<OldestTransaction> {
    const [row] = (await this.dataSource.query<{ seconds: number; application_name: string; state: string }[]>(
      `SELECT extract(epoch FROM now() - xact_start)::float AS seconds, application_name, state
         FROM pg_stat_activity WHERE xact_start IS NOT NULL AND pid <> pg_backend_pid()
        ORDER BY xact_start LIMIT 1`,
    ));
    if (!row) return { seconds: 0 };
    return { seconds: Math.round(row.seconds * 10) / 10, ...(row.application_name ? { applicationName: row.application_name } : {}), state: row.state };
  }
}
