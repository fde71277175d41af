import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, prepareVisitor } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface AppUnderTest {
  server: RunningServer;
  browser: Browser;
}

/**
 * The built app and a Chromium for the calling describe block: started before its tests, stopped
 * after them. Read the fields inside tests or hooks, once they are set.
 */
export function useAppAndBrowser(env: Record<string, string> = {}): AppUnderTest {
  const app = {} as AppUnderTest;
  before(async () => {
    app.server = await startServer(env);
    app.browser = await launchBrowser();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** A JSON call to the app under test (POST when there is a body), failing the test unless it is 2xx. */
export async function callApi<T>(baseUrl: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(baseUrl + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  assert.ok(res.ok, `${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A page signed in with `token`, the cookie choice already made (no banner over the screenshots), at `path`. */
export async function openSignedIn(app: AppUnderTest, token: string, path: string, width = 1280): Promise<Page> {
  const page = await app.browser.newPage({ viewport: { width, height: 900 } });
  await prepareVisitor(page, token);
  await page.goto(app.server.url + path);
  return page;
}
