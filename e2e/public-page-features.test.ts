import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSENT_KEY } from './support/browser.js';
import { PublicSite } from './support/public-site.js';

/** What the public pages do: the pricing estimate, status, community, guides, API docs, legal pages, cookies. */
describe('public page features', () => {
  const site = PublicSite.forSuite();

  it('computes a pricing estimate that follows the bands', async () => {
    const page = await site.open('/pricing');
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
    const page = await site.decided.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/health')) calls.push(path);
    });
    await page.clock.install();
    await page.goto(site.server.url + '/status');
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
    const page = await site.decided.newPage();
    await page.route(/\/api\/health/, (route) => route.abort());
    await page.goto(site.server.url + '/status');
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
    const page = await site.open('/community');
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
    const page = await site.open('/guides');
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

    const missing = await site.open('/guides?guide=does-not-exist');
    assert.match(await missing.getByTestId('guide-empty').innerText(), /Guide not found/);
    await missing.close();
  });

  it('copies code on /api and shows Copiato! for two seconds', async () => {
    await site.decided.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
    const page = await site.open('/api');
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
    const openapi = (await (await fetch(site.server.url + '/api/documentation-json')).json()) as { paths: Record<string, Record<string, unknown>> };
    // The document names path parameters by their handler's name: compare the shapes.
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const routes = new Set(Object.entries(openapi.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${shape(path)}`)));
    const page = await site.open('/api');
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
    const guide = await site.open('/guides?guide=webhooks-ipn');
    await guide.getByText('PHP (composer require standard-webhooks/standard-webhooks)').waitFor();
    await guide.getByText('Node.js (npm install standardwebhooks express)').waitFor();
    await guide.close();
  });

  it('numbers the privacy and terms sections and dates the terms today', async () => {
    const privacy = await site.open('/privacy');
    assert.equal(await privacy.getByTestId('legal-section').count(), 11);
    await privacy.getByRole('region', { name: '4. Sharing Your Information' }).getByText('We do not sell personal data').waitFor();
    const privacyHeadings = await privacy.locator('main h2').allInnerTexts();
    assert.equal(privacyHeadings[0], '1. Introduction');
    assert.equal(privacyHeadings[10], '11. Contact Us');
    await privacy.close();

    // The pages were prerendered on the build's day; the visitor reads them on another (CI once built just
    // before midnight and read just after). Hydrating must not trip over the date, and the visitor's day shows.
    const later = await site.decidedContext();
    const buildYear = new Date().getFullYear();
    await later.clock.setFixedTime(new Date(buildYear + 1, 0, 15, 10));
    const terms = await site.open('/terms', later);
    assert.equal(await terms.getByTestId('legal-section').count(), 15);
    await terms.getByText(`Last updated: 15 January ${buildYear + 1}`).waitFor();
    await terms.getByText(`© ${buildYear + 1} Tallyline Ltd. All rights reserved.`).waitFor();
    assert.match(await terms.locator('main').innerText(), /at least 18 years old/);
    assert.deepEqual(site.errorsOf(terms), []);
    await later.close();

    const cookies = await site.open('/cookies');
    const text = await cookies.locator('main').innerText();
    for (const duration of ['7 days', '1 year', '24 months', '90 days']) assert.match(text, new RegExp(duration));
    await cookies.close();
  });

  it('remembers the cookie choice across reloads and lets /cookies change it', async () => {
    const context = await site.browser.newContext();
    const page = await site.open('/', context);
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

    await page.goto(site.server.url + '/cookies');
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
    const context = await site.browser.newContext();
    const page = await site.open('/pricing', context);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Customise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.getByRole('switch', { name: /Marketing/ }).check();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)) ?? 'null') as Record<string, unknown>;
    assert.deepEqual([stored.functional, stored.analytics, stored.marketing], [false, false, true]);
    await context.close();
  });
});
