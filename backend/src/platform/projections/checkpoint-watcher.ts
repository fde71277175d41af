import { EventEmitter } from 'node:events';
import pg from 'pg';
import { acquireListeningConnection, type ListeningConnection } from '../database/listening-connection.js';

export const CHECKPOINT_CHANNEL = 'tallyline_checkpoints';

export interface ProcessorFailureRecord {
  name: string;
  /** The event the processor could not handle (null when the failure was not tied to one event). */
  position: bigint | null;
  eventId: string | null;
  eventType: string | null;
  message: string;
  attempts: number;
  failedAt: Date;
}

type Control = 'pause' | 'resume';

/** Under the runners' announcing period after a request (REPORT_MS there). */
const REPORT_REQUEST_INTERVAL_MS = 1_000;

/**
 * Knows every processor's checkpoint and failure, including those of other instances (via NOTIFY),
 * so `waitFor` and health work on any instance behind a load balancer.
 *
 * Its connection (the app instance's one listening connection) is also the session that holds the
 * instance's processor locks (advisory locks):
 * when it is lost, every lock is gone at once (`lost`), and the runner takes them again after the
 * reconnect. It reconnects forever.
 */
export class CheckpointWatcher {
  private readonly positions = new Map<string, bigint>();
  private readonly failures = new Map<string, ProcessorFailureRecord>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly connection: ListeningConnection;
  /** Locks held, with the session that holds them. */
  private readonly locks = new Map<string, number>();

  private readonly release: () => Promise<void>;

  constructor(private readonly pool: pg.Pool) {
    ({ connection: this.connection, release: this.release } = acquireListeningConnection(pool, CHECKPOINT_CHANNEL, {
      notification: (message) => {
        if (message.channel === CHECKPOINT_CHANNEL) this.onNotification(message.payload ?? '');
      },
      lost: () => {
        this.locks.clear();
        this.emitter.emit('lost');
      },
      // Whatever was notified while we were away is read back from the tables.
      connected: () => void this.reload().catch(() => undefined),
    }));
  }

  async start(): Promise<void> {
    await this.connection.ready();
    await this.reload();
  }

  private async reload(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string; position: string }>('SELECT name, position FROM processor_checkpoints');
    for (const row of rows) this.advance(row.name, BigInt(row.position));
    const failures = await this.pool.query<FailureRow>(`SELECT ${FAILURE_COLUMNS} FROM processor_failures`);
    this.failures.clear();
    for (const row of failures.rows) this.failures.set(row.name, toFailure(row));
    this.emitter.emit('advance');
  }

  private onNotification(payload: string): void {
    if (payload.startsWith('!')) {
      const [command, name = ''] = payload.slice(1).split(':');
      if (command === 'failed' || command === 'recovered') void this.reloadFailure(name).catch(() => undefined);
      else if (command === 'retry') this.emitter.emit('retry', name);
      else if (command === 'report') this.emitter.emit('report');
      else this.emitter.emit('control', command, name);
      return;
    }
    const [name, position] = payload.split(':');
    if (name && position) this.advance(name, BigInt(position));
  }

  private async reloadFailure(name: string): Promise<void> {
    const { rows } = await this.pool.query<FailureRow>(`SELECT ${FAILURE_COLUMNS} FROM processor_failures WHERE name = $1`, [name]);
    if (rows[0]) this.failures.set(name, toFailure(rows[0]));
    else this.failures.delete(name);
    this.emitter.emit('advance');
  }

  advance(name: string, position: bigint): void {
    if (position > (this.positions.get(name) ?? -1n)) {
      this.positions.set(name, position);
      this.emitter.emit('advance');
    }
  }

  /** Calls `listener` whenever a checkpoint may have moved, here or in another instance; returns its removal. */
  onAdvance(listener: () => void): () => void {
    this.emitter.on('advance', listener);
    return () => void this.emitter.off('advance', listener);
  }

  /** `pause`/`resume` requests for a processor, from a replay in any process. */
  onControl(listener: (command: Control, name: string) => void): void {
    this.emitter.on('control', listener);
  }

  async sendControl(command: Control | 'retry' | 'failed' | 'recovered' | 'report', name: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, `!${command}:${name}`]);
  }

  /** Asks every instance to announce the positions its processors skipped to but have not stored yet. */
  async requestReport(): Promise<void> {
    // Asked instances keep announcing for a few seconds: asking again sooner adds nothing.
    if (Date.now() - this.reportRequested < REPORT_REQUEST_INTERVAL_MS) return;
    this.reportRequested = Date.now();
    await this.sendControl('report', '');
  }
  private reportRequested = 0;

  onReportRequest(listener: () => void): void {
    this.emitter.on('report', listener);
  }

  /** Tells every instance where processors are (read-your-writes), in one statement; nothing is stored. */
  async announce(positions: [string, bigint][]): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [CHECKPOINT_CHANNEL, positions.map(([name, position]) => `${name}:${position}`)]);
  }

  /** An operator asked (from any process) to retry a failed processor or its dead letters. */
  onRetry(listener: (name: string) => void): void {
    this.emitter.on('retry', listener);
  }

  /** The locks of this process are gone (the connection was lost). */
  onLost(listener: () => void): void {
    this.emitter.on('lost', listener);
  }

  /** Records a failure here at once (other instances hear of it through `sendControl('failed')`). */
  setFailure(failure: ProcessorFailureRecord | undefined, name: string): void {
    if (failure) this.failures.set(name, failure);
    else this.failures.delete(name);
    this.emitter.emit('advance');
  }

  failure(name: string): ProcessorFailureRecord | undefined {
    return this.failures.get(name);
  }

  /** Makes waiters evaluate their condition again (e.g. a processor failed and is no longer awaited). */
  recheck(): void {
    this.emitter.emit('advance');
  }

  position(name: string): bigint {
    return this.positions.get(name) ?? 0n;
  }

  /** Waits up to `ms` for the session the locks live on (lost: its reconnect logs that, once for all). */
  async connectedWithin(ms: number): Promise<boolean> {
    return (await this.connection.readyWithin(ms)) !== undefined;
  }

  /** The processor's lock on this process's session: exactly one instance runs each processor. */
  async tryLock(name: string): Promise<boolean> {
    if (this.holds(name)) return true;
    const session = this.connection.session;
    const { rows } = await this.connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockKey(name)]);
    if (!rows[0]?.locked || session !== this.connection.session) return false;
    this.locks.set(name, session);
    return true;
  }

  /** Still holding the lock: the session that took it is still the live one. */
  holds(name: string): boolean {
    return this.connection.connected && this.locks.get(name) === this.connection.session;
  }

  async unlock(name: string): Promise<void> {
    if (!this.holds(name)) return;
    this.locks.delete(name);
    await this.connection.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(name)]).catch(() => undefined);
  }

  /** Resolves true once `reached()` holds, false after the timeout. */
  async until(reached: () => boolean, timeoutMs: number): Promise<boolean> {
    if (reached()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!reached()) return;
        finish(true);
      };
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.emitter.off('advance', check);
        resolve(ok);
      };
      const timer = setTimeout(() => finish(reached()), timeoutMs);
      this.emitter.on('advance', check);
    });
  }

  async stop(): Promise<void> {
    // The session may live on for the event store's wake-ups: give the locks back explicitly.
    if (this.locks.size > 0) await this.connection.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    this.locks.clear();
    await this.release();
  }
}

/** The same key as any other holder of the processor's lock (a replay takes it with its own connection). */
export function lockKey(name: string): string {
  return `processor:${name}`;
}

interface FailureRow {
  name: string;
  position: string | null;
  event_id: string | null;
  event_type: string | null;
  error: string;
  attempts: number;
  failed_at: Date;
}

const FAILURE_COLUMNS = 'name, position, event_id, event_type, error, attempts, failed_at';

function toFailure(row: FailureRow): ProcessorFailureRecord {
  return {
    name: row.name,
    position: row.position === null ? null : BigInt(row.position),
    eventId: row.event_id,
    eventType: row.event_type,
    message: row.error,
    attempts: row.attempts,
    failedAt: row.failed_at,
  };
}
