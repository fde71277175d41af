import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { acquireListeningConnection, type ListeningConnection } from '../../database/listening-connection.js';

/** How long a reader waits for the listening connection before reading anyway (the database may be down). */
const LISTEN_WAIT_MS = 1_000;

/**
 * Wake-ups from the app instance's one listening connection, shared by every waiter. It reconnects forever; a
 * lost connection and every reconnect wake everybody (they re-read, so nothing is missed).
 */
export class WakeUpListener {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly connection: ListeningConnection;
  private readonly release: () => Promise<void>;
  private closed = false;
  /** Bumped on every wake-up, so a waiter can tell it missed one while it was reading. */
  generation = 0;

  /** `own`: the payload of this process's own notifications, which `wakeLocally` has already announced. */
  constructor(pool: pg.Pool, channel: string, own?: string) {
    const wake = () => this.wake();
    ({ connection: this.connection, release: this.release } = acquireListeningConnection(pool, channel, {
      notification: (message) => {
        // Our own append woke everybody here already: a second wake-up would only cost every subscriber a read.
        if (message.channel === channel && (own === undefined || message.payload !== own)) wake();
      },
      lost: wake,
      connected: wake,
    }));
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
    await this.release();
  }
}
