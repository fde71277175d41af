import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { lifecycle } from '../lifecycle.js';
import { backoffMs, sleep } from './transient-errors.js';

type Handlers = { notification?: (message: pg.Notification) => void; lost?: () => void; connected?: () => void };

/** Every app instance's listening connections are named so (pg_stat_activity's application_name). */
export const APP_CONNECTION_PREFIX = 'tallyline:';

const shared = new WeakMap<pg.Pool, { connection: ListeningConnection; users: number }>();

/**
 * The one listening connection of an app instance (everything built on its pool): the event store's
 * wake-ups and the processors' checkpoints and locks share it. `release` removes the caller's handlers;
 * the last release closes the connection. Two app instances in one process have two pools, so two
 * sessions, as two processes would.
 */
export function acquireListeningConnection(pool: pg.Pool, channel: string, handlers: Handlers): { connection: ListeningConnection; release: () => Promise<void> } {
  let entry = shared.get(pool);
  if (!entry) {
    entry = { connection: new ListeningConnection(pool.options, 'listener'), users: 0 };
    shared.set(pool, entry);
  }
  const current = entry;
  current.users++;
  const { connection } = current;
  for (const [event, handler] of Object.entries(handlers)) connection.on(event, handler);
  void connection.listen(channel);
  let released = false;
  return {
    connection,
    release: async () => {
      if (released) return;
      released = true;
      for (const [event, handler] of Object.entries(handlers)) connection.off(event, handler);
      if (--current.users > 0) return;
      shared.delete(pool);
      await connection.close();
    },
  };
}

/**
 * One dedicated connection (outside the pool, so it never starves it) that LISTENs on some channels
 * and reconnects forever, with capped jittered backoff, whenever it is lost. With no channel it is a
 * session of its own that survives a lost connection (the webhook worker's claims, with their own
 * planner settings).
 *
 * Events: `connected` (after each (re)connect, once listening), `lost` (the connection went away;
 * anything tied to the session, such as advisory locks, is gone), `notification`.
 */
export class ListeningConnection extends EventEmitter {
  private readonly logger: Logger;
  private client?: pg.Client | undefined;
  private connecting?: Promise<pg.Client | undefined> | undefined;
  private readonly closing = new AbortController();
  private queue: Promise<unknown> = Promise.resolve();
  /** Bumped on every new session: session state (locks) from an older one is gone. */
  session = 0;

  private readonly channels = new Set<string>();

  constructor(
    private readonly config: pg.ClientConfig,
    readonly name: string,
  ) {
    super();
    this.setMaxListeners(0);
    this.logger = new Logger(`ListeningConnection:${name}`);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The live client once connected and listening; undefined only after close(). */
  ready(): Promise<pg.Client | undefined> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connectForever().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Like ready(), but gives up after `ms` (the caller goes on and relies on the `connected` event). */
  async readyWithin(ms: number): Promise<pg.Client | undefined> {
    // Every subscriber asks before each read: when connected, no timer (and no AbortError) to make.
    if (this.client) return this.client;
    const timeout = new AbortController();
    const client = await Promise.race([this.ready(), sleep(ms, timeout.signal).then(() => undefined)]);
    timeout.abort();
    return client;
  }

  private async connectForever(): Promise<pg.Client | undefined> {
    for (let attempt = 1; !this.closing.signal.aborted; attempt++) {
      const client = new pg.Client({ ...this.config, application_name: `${APP_CONNECTION_PREFIX}${this.name}` });
      // Without a listener, an 'error' on this client would crash the process.
      client.on('error', () => this.lose(client));
      try {
        await client.connect();
        // A Set's iteration also visits channels added while it awaits: none is left out.
        for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        void client.end().catch(() => undefined);
        if (this.closing.signal.aborted) return undefined;
        const wait = backoffMs(attempt, 100, 10_000);
        if (!lifecycle.stopping) this.logger.warn(`Cannot connect (${(error as Error).message}); attempt ${attempt}, retrying in ${wait} ms`);
        await sleep(wait, this.closing.signal);
        continue;
      }
      if (this.closing.signal.aborted) {
        await client.end().catch(() => undefined);
        return undefined;
      }
      client.on('notification', (message) => this.emit('notification', message));
      client.once('end', () => this.lose(client));
      this.client = client;
      this.session++;
      if (attempt > 1 || this.session > 1) this.logger.log(`Reconnected (attempt ${attempt})`);
      this.emit('connected');
      return client;
    }
    return undefined;
  }

  private lose(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.closing.signal.aborted) return;
    if (lifecycle.stopping) this.logger.debug('Connection ended while shutting down');
    else this.logger.warn('Connection lost; reconnecting');
    this.emit('lost');
    void this.ready();
  }

  /**
   * A query on this session (e.g. an advisory lock); fails if not connected right now. Queries from
   * many callers take turns: one client runs one query at a time. `prepareAs` names a prepared statement
   * (prepared again on the next connection after a reconnect).
   */
  query<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = [], prepareAs?: string): Promise<pg.QueryResult<Row>> {
    const run = async () => {
      const client = this.client;
      if (!client) throw new Error(`Connection terminated: ${this.name} is not connected`);
      return client.query<Row>({ text: sql, values: params, name: prepareAs });
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Listens on one more channel from now on and after every reconnect. */
  async listen(channel: string): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    // Not connected yet: the connect listens on it. Lost meanwhile: the reconnect does.
    if (this.client) await this.query(`LISTEN ${channel}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing.abort();
    const client = this.client;
    this.client = undefined;
    await this.connecting;
    if (client) await client.end().catch(() => undefined);
  }
}
