import { createServer, type IncomingHttpHeaders, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver took, with its JSON body parsed. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  /** The answer to a held request (see `answers`), for the test to send when it likes. */
  respond(status: number): void;
  /** Settles when the exchange ends: answered, or cut off by the client (it gave up, or shut down). */
  ended: Promise<'answered' | 'cut off'>;
}

/** How the receiver answers a request: a status, or `hold` (no answer until the test says). */
type Answer = number | 'hold';

/**
 * A merchant's endpoint on a real port (node:http on port 0), for outbound webhooks and the sandbox
 * gateway's IPNs alike. Every path is an endpoint. `answers` queues the next answers per path; once a
 * path's queue is empty, `answer` decides (200 unless a test sets it).
 */
export class HttpReceiver {
  readonly received: ReceivedRequest[] = [];
  readonly answers = new Map<string, Answer[]>();
  answer: (request: ReceivedRequest) => Answer = () => 200;
  private readonly held = new Set<ServerResponse>();
  private readonly server: Server;
  private waiters: (() => void)[] = [];

  private constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const respond = (status: number) => {
          this.held.delete(response);
          if (!response.writableEnded && !response.destroyed) response.writeHead(status).end();
        };
        const ended = new Promise<'answered' | 'cut off'>((resolve) => response.on('close', () => resolve(response.writableFinished ? 'answered' : 'cut off')));
        const received = { path: request.url ?? '/', headers: request.headers, body, json: JSON.parse(body) as Record<string, unknown>, respond, ended };
        this.received.push(received);
        const answer = this.answers.get(received.path)?.shift() ?? this.answer(received);
        if (answer === 'hold') this.held.add(response);
        else respond(answer);
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  static async start(): Promise<HttpReceiver> {
    const receiver = new HttpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Resolves once `count` requests on `path` match (jest's timeout bounds the wait). */
  async waitFor(path: string, predicate: (request: ReceivedRequest) => boolean, count = 1): Promise<ReceivedRequest[]> {
    for (;;) {
      const found = this.on(path).filter(predicate);
      if (found.length >= count) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  on(path: string): ReceivedRequest[] {
    return this.received.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
