import { EventEmitter } from 'node:events';
import pg from 'pg';

export const CHECKPOINT_CHANNEL = 'tallyline_checkpoints';

/**
 * Knows every processor's checkpoint, including those advanced by other instances (via NOTIFY),
 * so `waitFor` works on any instance behind a load balancer.
 */
export class CheckpointWatcher {
  private readonly positions = new Map<string, bigint>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client?: pg.PoolClient;

  constructor(private readonly pool: pg.Pool) {}

  async start(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith('!')) {
        const [command, name] = payload.slice(1).split(':');
        this.emitter.emit('control', command, name);
        return;
      }
      const [name, position] = payload.split(':');
      if (name && position) this.advance(name, BigInt(position));
    });
    client.on('error', () => {
      client.release(true);
      this.client = undefined;
      setTimeout(() => void this.start().catch(() => undefined), 1000);
    });
    await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    this.client = client;
    const { rows } = await this.pool.query<{ name: string; position: string }>('SELECT name, position FROM processor_checkpoints');
    for (const row of rows) this.advance(row.name, BigInt(row.position));
  }

  advance(name: string, position: bigint): void {
    if (position > (this.positions.get(name) ?? -1n)) {
      this.positions.set(name, position);
      this.emitter.emit('advance');
    }
  }

  /** `pause`/`resume` requests for a processor, from a replay in any process. */
  onControl(listener: (command: 'pause' | 'resume', name: string) => void): void {
    this.emitter.on('control', listener);
  }

  async sendControl(command: 'pause' | 'resume', name: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, `!${command}:${name}`]);
  }

  /** Makes waiters evaluate their condition again (e.g. a processor failed and is no longer awaited). */
  recheck(): void {
    this.emitter.emit('advance');
  }

  position(name: string): bigint {
    return this.positions.get(name) ?? 0n;
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
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('error');
      client.release();
    }
  }
}
