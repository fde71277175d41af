import { jest } from '@jest/globals';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch with a mock; each test queues the answers it needs. */
export function mockFetch() {
  const fetchMock = jest.fn<typeof fetch>();
  globalThis.fetch = fetchMock;
  return fetchMock;
}

/** The JSON body a mocked fetch call sent. */
export function sentJson(fetchMock: jest.Mock<typeof fetch>, call: number): unknown {
  return JSON.parse(fetchMock.mock.calls[call]?.[1]?.body as string);
}
