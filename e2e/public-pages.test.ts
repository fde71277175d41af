import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, prepareVisitor } from './support/browser.js';
import { PublicSite } from './support/public-site.js';

/** `title`: the browser tab's, before " · Tallyline". */
const PAGES: { path: string; heading: RegExp; title: string }[] = [
  { path: '/', heading: /Payments that grow with your business/, title: 'Payments that grow with your business' },
  { path: '/products', heading: /Payment solutions for every business/, title: 'Products' },
  { path: '/developers', heading: /Developer Documentation/, title: 'Developers' },
  { path: '/pricing', heading: /Simple, transparent pricing/, title: 'Pricing' },
  { path: '/status', heading: /System Status/, title: 'System Status' },
  { path: '/community', heading: /Community/, title: 'Community' },
  { path: '/guides', heading: /Developer Guides/, title: 'Developer Guides' },
  { path: '/api', heading: /Documentazione API/, title: 'Documentazione API' },
  { path: '/privacy', heading: /Privacy Policy/, title: 'Privacy Policy' },
  { path: '/terms', heading: /Terms of Service/, title: 'Terms of Service' },
  { path: '/cookies', heading: /Cookie Policy/, title: 'Cookie Policy' },
  { path: '/security', heading: /Security and Trust/, title: 'Security and Trust' },
  { path: '/compliance', heading: /Regulatory Compliance/, title: 'Regulatory Compliance' },
  { path: '/aml-policy', heading: /Anti-Money Laundering and Counter-Terrorist Financing Policy/, title: 'AML Policy' },
];

/** The other prerendered pages (dashboard-web's entry-server.tsx): sign-up, sign-in and the application forms. */
const PRERENDERED_FORMS = ['/register', '/merchant-register', '/login', '/merchant-application', '/merchant-application/form'];

describe('public pages', () => {
  const site = PublicSite.forSuite();
  const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

  it('renders every public page with its h1 and no console errors', async () => {
    for (const { path, heading } of PAGES) {
      const page = await site.open(path);
      assert.match(await h1(page), heading, path);
      assert.equal(await page.locator('main').count(), 1, `${path} has one main landmark`);
      assert.equal(await page.locator('h1').count(), 1, `${path} has one h1`);
      await site.hydrated(page);
      assert.deepEqual(site.errorsOf(page), [], path);
      await page.close();
    }
  });

  it('hydrates every page without an error for a visitor far from the build, on a later day', async () => {
    // Prerendered in UTC on the build's day: anything the page renders from the visitor's clock or time
    // zone must not differ while hydrating (React error 418). UTC+14, a year on.
    const far = await site.browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    await prepareVisitor(far);
    await far.clock.setFixedTime(new Date(Date.now() + 365 * 24 * 3600 * 1000));
    for (const path of [...PAGES.map((page) => page.path), ...PRERENDERED_FORMS]) {
      const page = await site.open(path, far);
      await site.hydrated(page);
      assert.deepEqual(site.errorsOf(page), [], path);
      await page.close();
    }
    await far.close();
  });

  it("fits every public page in a phone's width, nothing scrolling the page sideways", async () => {
    const phone = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      for (const { path } of PAGES) {
        const page = await site.open(path, phone);
        await assertNoSidewaysScroll(page, path);
        await page.close();
      }
    } finally {
      await phone.close();
    }
  });

  it('names each page in the browser tab, in its HTML and after moving between pages', async () => {
    for (const { path, title } of PAGES) {
      // What a search engine, a bookmark or a tab shows before any script runs.
      const html = await (await fetch(site.server.url + path)).text();
      assert.match(html, new RegExp(`<title>${title} · Tallyline</title>`), `${path}'s HTML`);
    }
    const page = await site.open('/pricing');
    assert.equal(await page.title(), 'Pricing · Tallyline');
    await page.getByRole('banner').getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { level: 1, name: /Developer Documentation/ }).waitFor();
    assert.equal(await page.title(), 'Developers · Tallyline');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Simple, transparent pricing/ }).waitFor();
    assert.equal(await page.title(), 'Pricing · Tallyline');
    await page.close();
  });

  it('opens a page reached by a link at its top, and Back returns to where the reader was', async () => {
    for (const width of [1280, 375]) {
      const page = await site.open('/');
      await page.setViewportSize({ width, height: 800 });
      await site.hydrated(page); // a link clicked before that is a full page load, which opens at the top anyway
      const footer = page.getByRole('contentinfo');
      const down = await page.evaluate(() => window.scrollY);
      assert.ok(down > 500, `the footer is ${down}px down`);
      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      await page.getByRole('heading', { level: 1, name: /Privacy Policy/ }).waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0, `at ${width} px /privacy opened scrolled`);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /Payments that grow/ }).waitFor();
      await page.waitForFunction(() => window.scrollY > 500);
      await page.close();
    }
  });

  it("never breaks an e-mail address of the footer across lines", async () => {
    for (const width of [320, 900, 1280]) {
      const context = await site.browser.newContext({ viewport: { width, height: 800 } });
      const page = await site.open('/pricing', context);
      // "General enquiries: info@tallylin" / "e.com" at 1280 px: the address must move to a line of its own, whole.
      const broken = await page.locator('footer a[href^="mailto:"]').evaluateAll((links) =>
        links.filter((link) => {
          const email = link.getAttribute('href')!.slice('mailto:'.length);
          const text = Array.from(link.childNodes).find((node) => node.textContent?.includes(email));
          const start = text?.textContent?.indexOf(email) ?? -1;
          if (!text || start < 0) return true;
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + email.length);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1;
        }).map((link) => link.textContent),
      );
      assert.deepEqual(broken, [], `at ${width} px`);
      await context.close();
    }
  });

  it('shows the 404 page for an unknown route, answered 404 so that link checkers and crawlers see it too', async () => {
    const page = await site.decided.newPage();
    const response = await page.goto(site.server.url + '/no-such-page');
    assert.equal(response?.status(), 404);
    assert.equal(await h1(page), '404 Page Not Found');
    assert.equal(await page.title(), 'Page Not Found · Tallyline');
    await page.close();
    const status = async (path: string) => (await fetch(site.server.url + path)).status;
    // Pages rendered in the browser only, a page with a trailing slash, and the back-office's own routes: 200.
    for (const path of ['/dashboard', '/dashboard/transactions', '/pay/0d9e2f6a', '/crypto-payments/x', '/client-api-test', '/merchant-application/success', '/pricing/', '/admin/applications']) {
      assert.equal(await status(path), 200, path);
    }
    for (const path of ['/pricing/old', '/dashboard/transactions/all', '/pay/', '/wp-login.php']) assert.equal(await status(path), 404, path);
  });

  it('shows the 404 page, answered 400, for a URL with a malformed percent-encoding', async () => {
    for (const path of ['/pay/%E0%A4%A', '/dashboard/%E0%A4%A', '/products/%E0%A4%A']) {
      const page = await site.decided.newPage();
      const response = await page.goto(site.server.url + path);
      assert.equal(response?.status(), 400, `${path} answers 400`);
      assert.match(response?.headers()['content-type'] ?? '', /^text\/html/);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      assert.equal(await page.title(), 'Page Not Found · Tallyline');
      assert.equal(new URL(page.url()).pathname, path, 'the address stays what was typed');
      await page.close();
    }
  });

  it('links the header, footer and home page where the spec says', async () => {
    const page = await site.open('/');
    // Spec §1: the landing page promises a developer API and mobile SDKs.
    await page.getByText(/a developer API and mobile SDKs/).waitFor();
    const header = page.locator('header');
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Products', '/products'],
      ['Developers', '/developers'],
      ['Guides', '/guides'],
      ['Pricing', '/pricing'],
    ] as const) {
      assert.equal(await nav.getByRole('link', { name, exact: true }).getAttribute('href'), href, name);
    }
    const apiDocs = nav.getByRole('link', { name: /API Docs/ });
    assert.equal(await apiDocs.getAttribute('href'), '/api/documentation');
    assert.equal(await apiDocs.getAttribute('target'), '_blank');
    assert.equal(await header.getByRole('link', { name: 'Apply Now' }).getAttribute('href'), '/merchant-application');
    assert.equal(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href'), '/login');

    const main = page.locator('main');
    assert.equal(await main.getByRole('link', { name: 'Get started' }).getAttribute('href'), '/merchant-application/form');
    assert.deepEqual(await main.getByRole('link', { name: 'Apply as Merchant' }).evaluateAll((links) => links.map((a) => a.getAttribute('href'))), [
      '/merchant-application',
      '/merchant-application/form',
    ]);
    assert.equal(await main.getByRole('link', { name: 'View Documentation' }).getAttribute('href'), '/developers');
    assert.match(await main.innerText(), /120\+ currencies across 30\+ countries/);
    assert.match(await main.innerText(), /Sample data/);

    const footer = page.locator('footer');
    for (const [name, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
      ['Security', '/security'],
      ['Compliance', '/compliance'],
      ['About Us', '/merchant-application'],
      ['System Status', '/status'],
      ['Community', '/community'],
    ] as const) {
      assert.equal(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), href, name);
    }
    const mailtos = await footer.locator('a[href^="mailto:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const box of ['careers', 'press', 'partners', 'info', 'support']) {
      assert.ok(mailtos.some((href) => href?.startsWith(`mailto:${box}@`)), box);
    }
    assert.match(await footer.innerText(), /registered in England and Wales/);

    // Following a footer link lands on that page.
    await footer.getByRole('link', { name: 'Terms of Service', exact: true }).click();
    await page.waitForURL('**/terms');
    assert.equal(await h1(page), 'Terms of Service');
    await page.close();
  });

  it('has no serious or critical axe violations on / and /pricing', async () => {
    // A first visit, so the cookie banner is checked too.
    const context = await site.browser.newContext();
    for (const path of ['/', '/pricing']) {
      for (const width of [1280, 375]) {
        const page = await site.open(path, context);
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('cookie-banner').waitFor();
        assert.deepEqual(await seriousA11yViolations(page), [], `${path} at ${width}px`);
        await page.close();
      }
    }
    await context.close();
  });
});
