import { createServer, type IncomingHttpHeaders, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { TestApp } from './app.js';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown> & { type: string };
  /** The answer to a held request (see `answers`), for the test to send when it likes. */
  respond(status: number): void;
}

/** How the receiver answers the next request on a path: a status, or `hold` (no answer until the test says). */
type Answer = number | 'hold';

/**
 * A merchant's webhook endpoint on a real port (node:http on port 0). Every path is an endpoint;
 * `answers` queues the next answers per path, 200 once the queue is empty.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  readonly answers = new Map<string, Answer[]>();
  private readonly held = new Set<ServerResponse>();
  private readonly server: Server;
  private waiters: (() => void)[] = [];

  private constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const answer = this.answers.get(path)?.shift() ?? 200;
        const respond = (status: number) => {
          this.held.delete(response);
          if (!response.writableEnded && !response.destroyed) response.writeHead(status).end();
        };
        this.received.push({ path, headers: request.headers, body, json: JSON.parse(body) as ReceivedWebhook['json'], respond });
        if (answer === 'hold') this.held.add(response);
        else respond(answer);
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Resolves once `count` requests on `path` match (jest's timeout bounds the wait). */
  async waitFor(path: string, predicate: (hook: ReceivedWebhook) => boolean, count = 1): Promise<ReceivedWebhook[]> {
    for (;;) {
      const found = this.on(path).filter(predicate);
      if (found.length >= count) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.path === path);
  }

  close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The webhook-outbox reactor has queued every event committed so far (up to 60 s, then fails). */
export async function outboxCaughtUp(t: TestApp): Promise<void> {
  const db = t.app.get(DataSource);
  const [head] = await db.query<{ last: string | null }[]>('SELECT max(global_position)::text AS last FROM events');
  for (let waited = 0; waited < 60_000; waited += 50) {
    const [row] = await db.query<{ position: string }[]>(`SELECT position::text FROM processor_checkpoints WHERE name = 'webhook-outbox'`);
    if (row && BigInt(row.position) >= BigInt(head?.last ?? 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('webhook-outbox did not reach the head of the log within 60 s');
}
