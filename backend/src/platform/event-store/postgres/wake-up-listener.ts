import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * One LISTEN connection per process and channel, shared by every waiter. A lost connection wakes
 * everybody (they re-read, so nothing is missed) and reconnects.
 */
export class WakeUpListener {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client?: pg.PoolClient;
  private connecting?: Promise<void>;
  private closed = false;
  /** Bumped on every wake-up, so a waiter can tell it missed one while it was reading. */
  generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

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

  /** Listening is established before the caller's next read, so no notification falls in between. */
  async ensureListening(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    await this.connecting;
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', () => this.wake());
    client.on('error', () => {
      client.release(true);
      if (this.client === client) this.client = undefined;
      this.wake();
    });
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
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
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${this.channel}`).catch(() => undefined);
      client.release();
    }
  }
}
