import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

/** Debian's Chromium, driven by playwright-core; no browser download. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((path) => existsSync(path));
  if (!executablePath) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Where the web app remembers the visitor's cookie choice (dashboard-web's consent-store). */
export const CONSENT_KEY = 'tallyline_cookie_consent';

/**
 * Before any page of `target` loads: signed in to the dashboard as `token`, when given, and the cookie
 * choice already made (essentials only; a choice the page changes is kept), so no banner covers what a
 * test clicks or screenshots.
 */
export async function prepareVisitor(target: Page | BrowserContext, token?: string): Promise<void> {
  await target.addInitScript(({ session, key }) => {
    if (session) localStorage.setItem('auth_token', session);
    if (!localStorage.getItem(key)) {
      localStorage.setItem(key, JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false, decidedAt: new Date().toISOString() }));
    }
  }, { session: token ?? '', key: CONSENT_KEY });
}

/** Fails the test when `page` is wider than its viewport, so a phone user would have to scroll sideways. */
export async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
}

/** Fills and sends the dashboard's /login form, as a person does; the page is on /login. */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
