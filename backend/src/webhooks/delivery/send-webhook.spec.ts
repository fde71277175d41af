import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sendWebhook } from './send-webhook.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('sendWebhook', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on an endpoint that never answers after the timeout, even when garbage is collected meanwhile (as under load)', async () => {
    const attempt = sendWebhook(url, {}, '{}', { timeoutMs: 300, allowPrivate: true, signal: new AbortController().signal });
    for (let n = 0; n < 3; n++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      collectGarbage();
    }
    const outcome = await Promise.race([attempt, new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000))]);
    expect(outcome).toEqual({ error: 'No answer within 300 ms' });
  });

  it('stops at once when the app shuts down', async () => {
    const stop = new AbortController();
    const attempt = sendWebhook(url, {}, '{}', { timeoutMs: 60_000, allowPrivate: true, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    expect(await attempt).toEqual({ error: expect.stringMatching(/abort/i) });
  });
});
