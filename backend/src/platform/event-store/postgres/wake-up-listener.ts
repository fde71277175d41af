import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { ListeningConnection } from '../../database/listening-connection.js';

/** How long a reader waits for the listening connection before reading anyway (the database may be down). */
const LISTEN_WAIT_MS = 1_000;

/**
 * One LISTEN connection per process and channel, shared by every waiter. It reconnects forever; a
 * lost connection and every reconnect wake everybody (they re-read, so nothing is missed).
 */
export class WakeUpListener {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly connection: ListeningConnection;
  private closed = false;
  /** Bumped on every wake-up, so a waiter can tell it missed one while it was reading. */
  generation = 0;

  constructor(pool: pg.Pool, channel: string) {
    this.connection = new ListeningConnection(pool.options, [channel], 'wake-ups');
    this.connection.on('notification', () => this.wake());
    this.connection.on('lost', () => this.wake());
    this.connection.on('connected', () => this.wake());
  }

  /** Resolves on the next notification after `seen`, or after `timeoutMs` at the latest. */
  async next(timeoutMs: number, seen: number, signal?: AbortSignal): Promise<void> {
    await this.ensureListening();
    if (this.generation !== seen || this.closed || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('wake', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.emitter.on('wake', done);
      signal?.addEventListener('abort', done);
    });
  }

  /**
   * Listening is established before the caller's next read, so no notification falls in between.
   * While the database is unreachable it gives up after a moment: the read fails and is retried, and
   * the reconnect wakes every waiter.
   */
  async ensureListening(): Promise<void> {
    if (this.closed) return;
    await this.connection.readyWithin(LISTEN_WAIT_MS);
  }

  /** For events appended by this process: no need to wait for the notification's round trip. */
  wakeLocally(): void {
    this.wake();
  }

  private wake(): void {
    this.generation++;
    this.emitter.emit('wake');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.connection.close();
  }
}
