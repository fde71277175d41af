import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server standing for a merchant's IPN endpoint: it records every JSON body it is sent.
 * `failFirst`: per References_Merchant, how many deliveries are answered 500 first (a merchant having a bad moment).
 */
export class IpnReceiver {
  readonly received: Record<string, unknown>[] = [];
  readonly failFirst = new Map<string, number>();
  private readonly server: Server;
  private waiters: (() => void)[] = [];

  private constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const ipn = JSON.parse(body) as Record<string, unknown>;
        this.received.push(ipn);
        const failures = this.failFirst.get(String(ipn.References_Merchant)) ?? 0;
        this.failFirst.set(String(ipn.References_Merchant), failures - 1);
        response.statusCode = failures > 0 ? 500 : 200;
        response.end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  static async start(): Promise<IpnReceiver> {
    const receiver = new IpnReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/ipn`;
  }

  /** Resolves with the deliveries once one about `transactionId` has come `count` times (jest's timeout bounds the wait). */
  async deliveriesOf(transactionId: string, count = 1): Promise<Record<string, unknown>[]> {
    for (;;) {
      const found = this.received.filter((ipn) => ipn.TransactionId === transactionId);
      if (found.length >= count) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
