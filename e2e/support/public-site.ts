import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, prepareVisitor, watchErrors } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** The app and a browser for a suite of public-page tests, started before its tests and stopped after them. */
export class PublicSite {
  server!: RunningServer;
  browser!: Browser;
  /** A visitor who already answered the cookie banner, so it does not cover what the tests click. */
  decided!: BrowserContext;
  private readonly errors = new WeakMap<Page, string[]>();

  /** Call inside a `describe`: its before/after hooks start and stop the site. */
  static forSuite(): PublicSite {
    const site = new PublicSite();
    before(async () => {
      site.server = await startServer();
      site.browser = await launchBrowser();
      site.decided = await site.decidedContext();
    });
    after(async () => {
      await site.decided?.close();
      await site.browser?.close();
      await site.server?.stop();
    });
    return site;
  }

  /** A new browser context whose visitor has rejected the optional cookies. */
  async decidedContext(): Promise<BrowserContext> {
    const context = await this.browser.newContext();
    await prepareVisitor(context);
    return context;
  }

  /** Opens a route by its URL, as a link or a reload would, and waits for its heading. */
  async open(path: string, context: BrowserContext = this.decided): Promise<Page> {
    const page = await context.newPage();
    this.errors.set(page, watchErrors(page));
    const response = await page.goto(this.server.url + path);
    assert.equal(response?.status(), 200, `${path} answers 200`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  /**
   * Waits until React has hydrated all of a prerendered page: scrolled through to its end a screen at a
   * time, as a reader would, the parts that hydrate only when near the viewport (LoadWhenNear) fetch their
   * code and hydrate too.
   */
  async hydrated(page: Page): Promise<void> {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(100);
  }

  /** The console errors and uncaught exceptions of a page opened with `open`. */
  errorsOf(page: Page): string[] | undefined {
    return this.errors.get(page);
  }
}
