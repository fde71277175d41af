import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * Closing the app (SIGTERM, a test's close) ends the connections idle at that moment. A keep-alive
 * connection that was answering a request then must end with its answer: kept alive, it held the close
 * for Fastify's 72 s keep-alive timeout (the app's own gateway calls and IPNs to itself did that).
 */
describe('closing the HTTP server with a keep-alive request in flight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.database.drop());

  it('answers it with Connection: close, ends the connection and finishes closing', async () => {
    const agent = new Agent({ keepAlive: true });
    const url = new URL(t.config.publicUrl);
    const body = JSON.stringify({ email: 'closing@example.test', password: 'correct-horse-battery', firstName: 'Ada', lastName: 'Lovelace' });
    const request = httpRequest({
      agent,
      host: url.hostname,
      port: url.port,
      path: '/api/auth/register',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    const socketClosed = new Promise<void>((resolve) => request.once('socket', (socket) => socket.once('close', () => resolve())));
    request.write(body.slice(0, 10));
    // Wait until the request is being read, then begin closing: the server stops listening first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = t.app.close();
    const server = t.app.getHttpServer();
    while (server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    request.end(body.slice(10));
    const response = await answered;
    response.resume();
    expect(response.statusCode).toBe(201);
    expect(response.headers.connection).toBe('close');
    await socketClosed;
    await closed;
    agent.destroy();
  }, 60_000);
});
