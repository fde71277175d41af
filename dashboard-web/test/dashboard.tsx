import type { ReactElement } from 'react';
import type { jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Router, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../src/components/toast';
import { jsonResponse } from './fetch';

/** The query string, with its `?` as the address bar shows it. */
function Search() {
  const search = useSearch();
  return <p data-testid="search">{search && `?${search}`}</p>;
}

/** A dashboard tab at `url` in the app's providers; the current query string shows in `search`. */
export function renderTab(element: ReactElement, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Router hook={memoryLocation({ path: url }).hook}>
          {element}
          <Search />
        </Router>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

type Answer = readonly [status: number, body: unknown];

/** Answers fetches by "METHOD /path" (query string ignored); anything not listed is a 404. */
export function answerBy(fetchMock: jest.Mock<typeof fetch>, answers: Record<string, Answer | (() => Answer)>) {
  fetchMock.mockImplementation((input, init) => {
    const key = `${init?.method ?? 'GET'} ${(input as string).split('?')[0]}`;
    const answer = answers[key];
    const [status, body] = typeof answer === 'function' ? answer() : (answer ?? [404, { message: `no answer for ${key}` }]);
    return Promise.resolve(status === 204 ? new Response(null, { status }) : jsonResponse(status, body));
  });
}

/** The calls made, as "METHOD /path?query". */
export const calls = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${input as string}`);

/** The JSON body of the first call to "METHOD /path". */
export function bodyOf(fetchMock: jest.Mock<typeof fetch>, call: string): unknown {
  const found = fetchMock.mock.calls.find(([input, init]) => `${init?.method ?? 'GET'} ${input as string}` === call);
  return found?.[1]?.body ? JSON.parse(found[1].body as string) : undefined;
}
