import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type DataSourceOptions, type EntityManager, type QueryRunner } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { EventStore, type StoredEvent } from '../../event-store/event-store.port.js';
import { mapLimited } from '../../map-limited.js';
import { markRebuilt, saveCheckpoint, tryLock, unlock } from '../checkpoints.js';
import { ProcessorRunner } from '../processor-runner.js';
import { handledBy, type Projection } from '../processor.js';
import { ShadowTables } from './shadow-tables.js';

export interface ReplayProgress {
  /** The projections being rebuilt together. */
  projections: string[];
  /** Events folded into every one of them so far. */
  processed: number;
  position: bigint;
}

export interface ReplayOptions {
  /** Called after each committed chunk and awaited, so a caller (a test) can hold the replay there. */
  onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  chunkSize?: number;
}

export interface ReplaySummary {
  name: string;
  events: number;
  rows: Record<string, number>;
  millis: number;
}

const CHUNK_SIZE = 5_000;
/** Two cores on the reference machine; more writers only queue in PostgreSQL. */
const CONCURRENCY = 2;
/** How long an instance leaves a processor alone when a replay elsewhere asks for it. */
const YIELD_MS = 30_000;
const REPLAY_LOCK_WAIT_MS = 10_000;
/**
 * A swap's first wait for its table locks; each attempt after waits twice as long, up to the
 * longest. Readers queue behind a waiting lock, so a wait is a pause for them: short while the
 * tables are merely busy, longer only when transactions keep holding them (a saturated system).
 */
const SWAP_LOCK_WAIT_MS = 1_000;
const SWAP_LOCK_LONGEST_WAIT_MS = 15_000;
const SWAP_ATTEMPTS = 12;
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Rebuilds projections from the first event while the system runs. Each projection is folded into
 * shadow tables in short chunk transactions (the live tables keep serving reads, the live
 * processor keeps running); once caught up, one short transaction holding the projection's lock
 * folds the last events, swaps the tables and sets the checkpoint. An interrupted replay leaves
 * only shadow tables behind, which the next replay drops.
 */
@Injectable()
export class ProjectionRebuilder implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProjectionRebuilder.name);
  private readonly resumeTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly runner: ProcessorRunner,
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.runner.watcher.onControl((command, name) => void this.onControl(command, name));
  }

  /** Rebuilds the named projections (all when none), together: each chunk of events is read once. */
  async rebuild(names: string[], options: ReplayOptions = {}): Promise<ReplaySummary[]> {
    const chosen = names.length ? names.map((name) => this.projectionNamed(name)) : this.runner.projections;
    const chunkSize = options.chunkSize ?? CHUNK_SIZE;
    const started = Date.now();
    // Connections of its own: the app's processors may hold every connection of the app's pool.
    const db = new DataSource({ ...this.dataSource.options, migrationsRun: false, synchronize: false, poolSize: CONCURRENCY + 2 } as DataSourceOptions);
    await db.initialize();
    const session = db.createQueryRunner();
    await session.connect();
    const locked: string[] = [];
    try {
      for (const { name } of chosen) {
        if (!(await tryLock(session, `replay:${name}`))) throw new Error(`Projection "${name}" is already being replayed by another process.`);
        locked.push(`replay:${name}`);
      }
      const [{ schema }] = (await session.query('SELECT current_schema() AS schema')) as [{ schema: string }];
      const shadows = chosen.map((projection) => ({ projection, shadow: new ShadowTables(projection.name, projection.tables, schema) }));
      await db.transaction(async (manager) => {
        for (const { shadow } of shadows) await shadow.create(manager);
      });

      let position = 0n;
      let processed = 0;
      const catchUp = async () => {
        let next = this.store.readAll(position, chunkSize);
        for (;;) {
          const events = await next;
          const last = events.at(-1);
          if (!last) return;
          position = last.globalPosition;
          // Read the next chunk while this one is written.
          if (events.length === chunkSize) (next = this.store.readAll(position, chunkSize)).catch(() => undefined);
          await mapLimited(shadows, CONCURRENCY, ({ projection, shadow }) => this.fold(db, projection, shadow, events));
          processed += events.length;
          await options.onProgress?.({ projections: chosen.map((p) => p.name), processed, position });
          if (events.length < chunkSize) return;
        }
      };
      await catchUp();
      await mapLimited(shadows, CONCURRENCY, ({ shadow }) => db.transaction((manager) => shadow.addIndexes(manager)));
      await catchUp();
      // One after the other: each pauses its live processor only for its own swap.
      const summaries: ReplaySummary[] = [];
      for (const { projection, shadow } of shadows) {
        const { events, rows } = await this.finish(db, session, projection, shadow, position, chunkSize);
        summaries.push({ name: projection.name, events: processed + events, rows, millis: Date.now() - started });
      }
      // Every projection is current: what events:rebase listed for reactors (nothing to rebuild) goes too.
      if (names.length === 0) await session.query('DELETE FROM read_models_outdated');
      return summaries;
    } finally {
      for (const name of locked) await unlock(session, name).catch(() => undefined);
      await session.release();
      await db.destroy();
    }
  }

  /**
   * Swaps, retrying while long transactions keep the live tables busy: an attempt waits a limited
   * time for its table locks (see SWAP_LOCK_WAIT_MS), then lets the live processor run again and
   * tries anew, waiting longer. Before each attempt the shadow tables catch up outside the lock, so
   * the swap itself only folds the few events written since.
   */
  private async finish(db: DataSource, session: QueryRunner, projection: Projection, shadow: ShadowTables, from: bigint, chunkSize: number) {
    let folded = 0;
    for (let attempt = 1; ; attempt++) {
      const lockWait = Math.min(SWAP_LOCK_WAIT_MS * 2 ** (attempt - 1), SWAP_LOCK_LONGEST_WAIT_MS);
      try {
        for (let events = await this.store.readAll(from, chunkSize); ; events = await this.store.readAll(from, chunkSize)) {
          const last = events.at(-1);
          if (!last) break;
          await this.fold(db, projection, shadow, events);
          from = last.globalPosition;
          folded += events.length;
          if (events.length < chunkSize) break;
        }
        const swapped = await this.swap(db, session, projection, shadow, from, chunkSize, lockWait);
        return { ...swapped, events: folded + swapped.events };
      } catch (error) {
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
        const holders = await lockHolders(session, projection.tables).catch(() => 'unknown');
        if (attempt >= SWAP_ATTEMPTS) {
          throw new Error(`Could not swap in "${projection.name}": its tables stayed busy through ${SWAP_ATTEMPTS} attempts (the last waited ${lockWait / 1000} s; held by ${holders}). The live tables are untouched; run the replay again at a quieter time.`, { cause: error });
        }
        this.logger.warn(`Swap of "${projection.name}" waited ${lockWait / 1000} s for its tables (held by ${holders}); trying again, waiting longer`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 200, 2_000)));
      }
    }
  }

  /** With the live processor paused: the events since `from`, the swap and the checkpoint, in one transaction. */
  private async swap(db: DataSource, session: QueryRunner, projection: Projection, shadow: ShadowTables, from: bigint, chunkSize: number, lockWait: number) {
    await this.runner.stop(projection.name);
    try {
      if (!(await this.takeOver(session, projection.name))) {
        throw new Error(`Projection "${projection.name}" is being run by another process that did not step aside; stop it before replaying.`);
      }
      const rest: StoredEvent[] = [];
      for (let position = from; ; ) {
        const events = await this.store.readAll(position, chunkSize);
        const last = events.at(-1);
        if (!last) break;
        rest.push(...events);
        position = last.globalPosition;
      }
      const position = rest.at(-1)?.globalPosition ?? from;
      await db.transaction(async (manager) => {
        await manager.query(`SELECT set_config('lock_timeout', $1, true)`, [`${lockWait}ms`]);
        await shadow.lockLive(manager);
        await shadow.use(manager);
        await foldInto(projection, handledBy(projection, rest), manager);
        await shadow.swap(manager);
        await saveCheckpoint(manager, projection.name, position);
        await markRebuilt(manager, projection.name);
      });
      this.runner.watcher.advance(projection.name, position);
      await this.runner.watcher.announce([[projection.name, position]]).catch(() => undefined);
      const rows: Record<string, number> = {};
      for (const table of projection.tables) {
        const [{ count }] = (await session.query(`SELECT count(*)::int AS count FROM "${table}"`)) as [{ count: number }];
        rows[table] = count;
      }
      return { events: rest.length, rows };
    } finally {
      await unlock(session, projection.name).catch(() => undefined);
      await this.runner.watcher.sendControl('resume', projection.name).catch(() => undefined);
      if (this.config.runProcessors) this.runner.start(projection);
    }
  }

  /** A chunk with none of the projection's events costs it no transaction. */
  private async fold(db: DataSource, projection: Projection, shadow: ShadowTables, events: StoredEvent[]): Promise<void> {
    const handled = handledBy(projection, events);
    if (handled.length === 0) return;
    await db.transaction(async (manager) => {
      await shadow.use(manager);
      await foldInto(projection, handled, manager);
    });
  }


  /** A replay in another process wants this processor: step aside, or come back when it is done. */
  private async onControl(command: 'pause' | 'resume', name: string): Promise<void> {
    const processor = this.runner.processorNamed(name);
    if (!processor || !this.config.runProcessors) return;
    clearTimeout(this.resumeTimers.get(name));
    this.resumeTimers.delete(name);
    if (command === 'resume') return this.runner.start(processor);
    await this.runner.stop(name);
    const timer = setTimeout(() => {
      this.resumeTimers.delete(name);
      this.runner.start(processor);
    }, YIELD_MS);
    this.resumeTimers.set(name, timer.unref());
  }

  private projectionNamed(name: string): Projection {
    const found = this.runner.projections.find((p) => p.name === name);
    if (!found) throw new Error(`Unknown projection "${name}". Known: ${this.runner.projections.map((p) => p.name).join(', ')}`);
    return found;
  }

  /** The processor's lock, asking whoever holds it (another app instance) to yield it for a while. */
  private async takeOver(session: QueryRunner, name: string): Promise<boolean> {
    if (await tryLock(session, name)) return true;
    await this.runner.watcher.sendControl('pause', name);
    const deadline = Date.now() + REPLAY_LOCK_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (await tryLock(session, name)) return true;
    }
    return false;
  }
}

/** In bulk where the projection can; otherwise event by event through its live `handle`. */
async function foldInto(projection: Projection, events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
  if (events.length === 0) return;
  if (projection.rebuildChunk) return projection.rebuildChunk(events, manager);
  for (const event of events) await projection.handle(event, manager);
}



/** Who holds locks on these tables now, for the operator: "replay (idle in transaction, 3 s: SELECT …)". */
async function lockHolders(session: QueryRunner, tables: readonly string[]): Promise<string> {
  const rows = (await session.query(
    `SELECT DISTINCT a.pid, coalesce(nullif(a.application_name, ''), 'a client') AS app, a.state,
            round(extract(epoch FROM now() - a.xact_start))::int AS seconds, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 80) AS query
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.granted AND l.relation = ANY($1::text[]::regclass[]) AND a.pid <> pg_backend_pid()
      ORDER BY seconds DESC NULLS LAST LIMIT 3`,
    [tables],
  )) as { app: string; state: string; seconds: number | null; query: string }[];
  return rows.length ? rows.map((r) => `${r.app} (${r.state}, ${r.seconds ?? 0} s: ${r.query})`).join('; ') : 'nobody by now';
}
