import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe.js';
import { launchBrowser, watchErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const CONSENT_KEY = 'tallyline_cookie_consent';

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

describe('public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  /** A visitor who already answered the cookie banner, so it does not cover what the tests click. */
  let decided: BrowserContext;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    decided = await decidedContext();
  });
  after(async () => {
    await decided?.close();
    await browser?.close();
    await server?.stop();
  });

  async function decidedContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    await context.addInitScript(
      (key) => {
        if (!localStorage.getItem(key)) {
          localStorage.setItem(key, JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
        }
      },
      CONSENT_KEY,
    );
    return context;
  }

  /** Opens a route by its URL, as a link or a reload would, and waits for its heading. */
  async function open(path: string, context: BrowserContext = decided): Promise<Page> {
    const page = await context.newPage();
    pageErrors.set(page, watchErrors(page));
    const response = await page.goto(server.url + path);
    assert.equal(response?.status(), 200, `${path} answers 200`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  const pageErrors = new WeakMap<Page, string[]>();
  const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

  it('renders every public page with its h1 and no console errors', async () => {
    for (const { path, heading } of PAGES) {
      const page = await open(path);
      assert.match(await h1(page), heading, path);
      assert.equal(await page.locator('main').count(), 1, `${path} has one main landmark`);
      assert.equal(await page.locator('h1').count(), 1, `${path} has one h1`);
      await page.waitForTimeout(100);
      assert.deepEqual(pageErrors.get(page), [], path);
      await page.close();
    }
  });

  it("fits every public page in a phone's width, nothing scrolling the page sideways", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      for (const { path } of PAGES) {
        const page = await open(path, phone);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.equal(overflow, 0, `${path} is ${overflow}px wider than the screen`);
        await page.close();
      }
    } finally {
      await phone.close();
    }
  });

  it('names each page in the browser tab, in its HTML and after moving between pages', async () => {
    for (const { path, title } of PAGES) {
      // What a search engine, a bookmark or a tab shows before any script runs.
      const html = await (await fetch(server.url + path)).text();
      assert.match(html, new RegExp(`<title>${title} · Tallyline</title>`), `${path}'s HTML`);
    }
    const page = await open('/pricing');
    assert.equal(await page.title(), 'Pricing · Tallyline');
    await page.getByRole('banner').getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { level: 1, name: /Developer Documentation/ }).waitFor();
    assert.equal(await page.title(), 'Developers · Tallyline');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Simple, transparent pricing/ }).waitFor();
    assert.equal(await page.title(), 'Pricing · Tallyline');
    await page.close();
  });

  it("never breaks an e-mail address of the footer across lines", async () => {
    for (const width of [320, 900, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await open('/pricing', context);
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

  it('shows the 404 page for an unknown route', async () => {
    const page = await open('/no-such-page');
    assert.equal(await h1(page), '404 Page Not Found');
    assert.equal(await page.title(), 'Page Not Found · Tallyline');
    await page.close();
  });

  it('shows the 404 page, answered 400, for a URL with a malformed percent-encoding', async () => {
    for (const path of ['/pay/%E0%A4%A', '/dashboard/%E0%A4%A', '/products/%E0%A4%A']) {
      const page = await decided.newPage();
      const response = await page.goto(server.url + path);
      assert.equal(response?.status(), 400, `${path} answers 400`);
      assert.match(response?.headers()['content-type'] ?? '', /^text\/html/);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      assert.equal(await page.title(), 'Page Not Found · Tallyline');
      assert.equal(new URL(page.url()).pathname, path, 'the address stays what was typed');
      await page.close();
    }
  });

  it('links the header, footer and home page where the spec says', async () => {
    const page = await open('/');
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

  it('computes a pricing estimate that follows the bands', async () => {
    const page = await open('/pricing');
    assert.equal(await page.getByRole('tab', { name: 'Standard Pricing' }).getAttribute('aria-selected'), 'true');
    const starter = page.getByTestId('estimate-starter-amount');
    // £10-50k (£30,000) at £50-100 (£75): 400 payments; 2.9% + £0.30 each.
    assert.equal(await starter.innerText(), '£990.00');
    // The calculator's code loads (and its selects work) as it comes near the viewport.
    await page.getByRole('heading', { name: 'Pricing calculator' }).scrollIntoViewIfNeeded();
    await page.getByLabel('Monthly volume').selectOption('100-500k');
    await page.getByLabel('Average transaction value').selectOption('100-500');
    // £300,000 at £300: 1,000 payments; £8,700 + £300.
    assert.equal(await starter.innerText(), '£9,000.00');
    assert.equal(await page.getByTestId('estimate-scale-amount').innerText(), '£5,900.00');
    const result = await page.getByTestId('calculator-result').innerText();
    assert.match(result, /About 1,000 payments a month/);
    const breakdown = await page.getByRole('group', { name: 'Estimated monthly cost by payment method' }).innerText();
    assert.match(breakdown, /Bank transfers \(FAQ: 1\.5% \+ £0\.20\)/);
    assert.match(breakdown, /Digital wallets \(FAQ: 3\.4% \+ £0\.30\)/);
    assert.match(await page.getByTestId('calculator-assumptions').innerText(), /midpoint/);
    assert.equal(await page.getByRole('link', { name: 'Get Custom Quote' }).getAttribute('href'), '/merchant-application');
    await page.getByRole('tab', { name: 'Enterprise' }).click();
    assert.match(await page.locator('main').innerText(), /from 1\.4%/);
    await page.close();
  });

  it('builds the status page from the real health endpoints', async () => {
    const page = await decided.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/health')) calls.push(path);
    });
    await page.clock.install();
    await page.goto(server.url + '/status');
    await page.getByTestId('overall-status').waitFor();
    assert.deepEqual([...new Set(calls)].sort(), ['/api/health', '/api/health/database', '/api/health/email']);
    assert.equal(calls.length, 3, 'one round of checks on entry');
    const cards = page.getByTestId('service-card');
    assert.equal(await cards.count(), 5);
    assert.deepEqual(await page.getByTestId('service-name').allInnerTexts(), ['API Server', 'Database', 'Email Service', 'Authentication', 'Payment Processing']);
    assert.deepEqual(await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status'))), Array(5).fill('operational'));
    assert.equal(await page.getByTestId('overall-status').getAttribute('data-status'), 'operational');
    assert.match(await page.getByTestId('overall-status').innerText(), /All Systems Operational/);
    for (const time of await page.getByTestId('service-response-time').allInnerTexts()) assert.match(time, /^\d+ ms$/);
    assert.deepEqual(await page.getByTestId('service-uptime').allInnerTexts(), ['99.9%', '99.95%', '99.8%', '99.99%', '99.7%']);
    assert.match(await page.getByTestId('status-footer').innerText(), /company number \d+/);
    assert.match(await page.locator('main').innerText(), /Recent incidents/);

    // Refreshes every 30 seconds.
    const nextRound = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/health/database');
    await page.clock.fastForward(30_000);
    await nextRound;
    assert.ok(calls.length >= 4);
    await page.close();
  });

  it('shows one degraded API Server card when the health checks cannot be reached', async () => {
    const page = await decided.newPage();
    await page.route(/\/api\/health/, (route) => route.abort());
    await page.goto(server.url + '/status');
    await page.getByTestId('overall-status').waitFor();
    const cards = page.getByTestId('service-card');
    assert.equal(await cards.count(), 1);
    assert.equal(await page.getByTestId('service-name').innerText(), 'API Server');
    assert.equal(await cards.getAttribute('data-status'), 'degraded');
    assert.equal(await page.getByTestId('service-status').innerText(), 'Degraded Performance');
    assert.equal(await page.getByTestId('service-response-time').innerText(), '0 ms');
    assert.equal(await page.getByTestId('service-uptime').innerText(), '0%');
    assert.equal(await page.getByTestId('overall-status').getAttribute('data-status'), 'degraded');
    await page.close();
  });

  it('searches and filters community questions, and keeps one FAQ answer open', async () => {
    const page = await open('/community');
    const count = page.getByTestId('question-count');
    const titles = () => page.getByTestId('question-title').allInnerTexts();
    const all = (await titles()).length;
    assert.ok(all >= 5);
    assert.equal(await count.innerText(), `${all} questions`);

    // Matches title or content, whatever the case.
    await page.getByLabel('Search questions').fill('WEBHOOK');
    const webhookTitles = await titles();
    assert.ok(webhookTitles.length >= 1 && webhookTitles.length < all);
    assert.ok(webhookTitles.includes('Webhook signature check fails on every event'));

    await page.getByTestId('category-Security').click();
    assert.equal(await page.getByTestId('category-Security').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await titles(), []);
    assert.match(await page.locator('main').innerText(), /No questions match your search/);
    await page.getByLabel('Search questions').fill('');
    const security = await titles();
    assert.ok(security.length >= 1);
    assert.ok(security.includes('How do I rotate a leaked API key?'));
    await page.getByTestId('category-all').click();
    assert.equal((await titles()).length, all);

    const first = page.getByTestId('question').first();
    await first.getByRole('button', { name: 'Show Answers' }).click();
    assert.equal(await first.getByTestId('answers').count(), 1);
    await first.getByRole('button', { name: 'Hide Answers' }).click();
    assert.equal(await first.getByTestId('answers').count(), 0);

    await page.getByRole('tab', { name: 'FAQ' }).click();
    const faq = page.getByTestId('faq-item');
    const expanded = () => page.locator('[data-testid="faq-item"] [aria-expanded="true"]').count();
    await faq.nth(0).getByRole('button').click();
    assert.equal(await expanded(), 1);
    await faq.nth(2).getByRole('button').click();
    assert.equal(await expanded(), 1);
    assert.equal(await faq.nth(2).getByRole('button').getAttribute('aria-expanded'), 'true');
    assert.equal(await faq.nth(0).getByRole('button').getAttribute('aria-expanded'), 'false');

    await page.getByRole('tab', { name: 'Guides & Tutorials' }).click();
    const guides = await page.locator('main').innerText();
    for (const platform of ['WooCommerce', 'Shopify', 'Magento', 'PrestaShop']) assert.match(guides, new RegExp(platform));
    await page.close();
  });

  it('shows a chosen guide, a prompt with none, and Guide not found for an unknown one', async () => {
    const page = await open('/guides');
    assert.match(await page.getByTestId('guide-empty').innerText(), /Select a guide/);
    await page.getByTestId('guide-link-testing-staging').click();
    await page.waitForURL('**/guides?guide=testing-staging');
    const detail = page.getByTestId('guide-detail');
    assert.equal(await detail.getByRole('heading', { level: 2 }).first().innerText(), 'Testing & Staging');
    const text = await detail.innerText();
    for (const card of ['4111111111111111', '4000000000000002', '4000000000009995', '4000000000003220']) assert.match(text, new RegExp(card));
    assert.match(text, /code 0: approved/);
    assert.match(text, /code 1: declined/);
    assert.match(text, /code 7/);
    assert.equal(await page.getByTestId('go-live-checklist').getByRole('checkbox').count(), 8);
    assert.match(await page.getByTestId('guide-link-3d-secure').innerText(), /Advanced[\s\S]*45 min/);
    await page.close();

    const missing = await open('/guides?guide=does-not-exist');
    assert.match(await missing.getByTestId('guide-empty').innerText(), /Guide not found/);
    await missing.close();
  });

  it('copies code on /api and shows Copiato! for two seconds', async () => {
    await decided.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await open('/api');
    await page.getByRole('tab', { name: 'Autenticazione' }).click();
    // The tab changes in a transition: Overview (with copy buttons of its own) stays until this panel's code is there.
    await page.getByRole('tab', { name: 'Autenticazione', selected: true }).waitFor();
    const button = page.getByTestId('copy-button').first();
    assert.equal(await button.innerText(), 'Copia');
    await button.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-button"]')?.textContent?.includes('Copiato!'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /\/api\/auth\/login/);
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-button"]')?.textContent === 'Copia', undefined, { timeout: 4000 });
    for (const tab of ['Overview', 'Pagamenti', 'Crypto', 'Webhooks', 'Esempi']) await page.getByRole('tab', { name: tab }).click();
    assert.match(await page.getByTestId('api-docs-footer').innerText(), /API v1\.0/);
    await page.close();
  });

  it('lists on /api only routes this server has, the documented public API among them', async () => {
    const openapi = (await (await fetch(server.url + '/api/documentation-json')).json()) as { paths: Record<string, Record<string, unknown>> };
    // The document names path parameters by their handler's name: compare the shapes.
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const routes = new Set(Object.entries(openapi.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${shape(path)}`)));
    const page = await open('/api');
    const endpoints = page.getByTestId('endpoint');
    // The table (wide screens) and its cards (phones) both carry each row: one of them is hidden.
    await endpoints.first().waitFor({ state: 'attached' });
    const listed = [...new Set(await endpoints.evaluateAll((codes) => codes.map((code) => `${code.getAttribute('data-method')} ${code.textContent}`)))];
    const unknown = listed.filter((endpoint) => !routes.has(shape(endpoint)));
    assert.deepEqual(unknown, [], 'every endpoint on the page is a route of this server');
    for (const documented of [
      'POST /api/payments/create', 'GET /api/payments/{id}', 'GET /api/payments',
      'POST /api/crypto-payments/create', 'GET /api/crypto-payments/{id}', 'GET /api/crypto-payments',
      'GET /api/crypto-payments/exchange-rate', 'POST /api/auth/login',
    ]) {
      assert.ok(listed.includes(documented), `${documented} is listed`);
    }
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByText('Verifica in PHP (standard-webhooks)').waitFor();
    await page.close();
    // The Webhooks & IPN guide shows the same verification.
    const guide = await open('/guides?guide=webhooks-ipn');
    await guide.getByText('PHP (composer require standard-webhooks/standard-webhooks)').waitFor();
    await guide.getByText('Node.js (npm install standardwebhooks express)').waitFor();
    await guide.close();
  });

  it('numbers the privacy and terms sections and dates the terms today', async () => {
    const privacy = await open('/privacy');
    assert.equal(await privacy.getByTestId('legal-section').count(), 11);
    await privacy.getByRole('region', { name: '4. Sharing Your Information' }).getByText('We do not sell personal data').waitFor();
    const privacyHeadings = await privacy.locator('main h2').allInnerTexts();
    assert.equal(privacyHeadings[0], '1. Introduction');
    assert.equal(privacyHeadings[10], '11. Contact Us');
    await privacy.close();

    // The pages were prerendered on the build's day; the visitor reads them on another (CI once built just
    // before midnight and read just after). Hydrating must not trip over the date, and the visitor's day shows.
    const later = await decidedContext();
    const buildYear = new Date().getFullYear();
    await later.clock.setFixedTime(new Date(buildYear + 1, 0, 15, 10));
    const terms = await open('/terms', later);
    assert.equal(await terms.getByTestId('legal-section').count(), 15);
    await terms.getByText(`Last updated: 15 January ${buildYear + 1}`).waitFor();
    await terms.getByText(`© ${buildYear + 1} Tallyline Ltd. All rights reserved.`).waitFor();
    assert.match(await terms.locator('main').innerText(), /at least 18 years old/);
    assert.deepEqual(pageErrors.get(terms), []);
    await later.close();

    const cookies = await open('/cookies');
    const text = await cookies.locator('main').innerText();
    for (const duration of ['7 days', '1 year', '24 months', '90 days']) assert.match(text, new RegExp(duration));
    await cookies.close();
  });

  it('remembers the cookie choice across reloads and lets /cookies change it', async () => {
    const context = await browser.newContext();
    const page = await open('/', context);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The prerendered page carries the banner for new visitors; hydration removes it for one who chose.
    await banner.waitFor({ state: 'detached' });
    assert.equal(await banner.count(), 0);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null') as Record<string, unknown>;
    assert.deepEqual([stored.essential, stored.functional, stored.analytics, stored.marketing], [true, false, false, false]);

    await page.goto(server.url + '/cookies');
    await page.getByRole('button', { name: 'Change cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    assert.equal(await dialog.getByRole('switch', { name: /Essential/ }).isDisabled(), true);
    assert.equal(await dialog.getByRole('switch', { name: /Essential/ }).isChecked(), true);
    await dialog.getByRole('switch', { name: /Analytics/ }).check();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(await page.getByTestId('cookie-current-choice').innerText(), /Analytics: on[\s\S]*Marketing: off/);
    await page.reload();
    assert.match(await page.getByTestId('cookie-current-choice').innerText(), /Analytics: on/);
    assert.equal(await page.getByTestId('cookie-banner').count(), 0);
    await context.close();
  });

  it('lets a new visitor customise cookies from the banner', async () => {
    const context = await browser.newContext();
    const page = await open('/pricing', context);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Customise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.getByRole('switch', { name: /Marketing/ }).check();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null') as Record<string, unknown>;
    assert.deepEqual([stored.functional, stored.analytics, stored.marketing], [false, false, true]);
    await context.close();
  });

  it('has no serious or critical axe violations on / and /pricing', async () => {
    // A first visit, so the cookie banner is checked too.
    const context = await browser.newContext();
    for (const path of ['/', '/pricing']) {
      for (const width of [1280, 375]) {
        const page = await open(path, context);
        await page.setViewportSize({ width, height: 900 });
        await page.getByTestId('cookie-banner').waitFor();
        assert.deepEqual(await seriousA11yViolations(page), [], `${path} at ${width}px`);
        await page.close();
      }
    }
    await context.close();
  });
});
