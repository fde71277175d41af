import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The merchants' webhook endpoints for the benchmark: one local server, one path per endpoint. It
 * answers 204 at once, except on the paths marked hanging, which it never answers (their requests are
 * held until the attempt's timeout cuts them). It counts what it answered and can hand each request's
 * body and arrival time to a listener.
 */
export class WebhookSink {
  /** Requests answered 2xx, over all healthy paths. */
  answered = 0;
  readonly hanging = new Set<string>();
  /** Called with the arrival time (performance.now()) and the body of each answered request. */
  onDelivery: ((arrivedAt: number, webhookId: string, body: string) => void) | undefined;
  private readonly held = new Set<ServerResponse>();
  private readonly server = createServer((request, response) => {
    const arrivedAt = performance.now();
    const path = request.url ?? '/';
    if (this.hanging.has(path)) {
      this.held.add(response);
      response.on('close', () => this.held.delete(response));
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      this.answered++;
      this.onDelivery?.(arrivedAt, String(request.headers['webhook-id']), Buffer.concat(chunks).toString('utf8'));
    });
  });

  async start(): Promise<void> {
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Every path answers again; the requests held so far are answered now. */
  release(): void {
    this.hanging.clear();
    for (const response of this.held) response.writeHead(204).end();
  }

  /** Requests held open right now (hanging paths). */
  get holding(): number {
    return this.held.size;
  }

  close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
