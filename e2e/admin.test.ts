import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { samplePrecheckApplication } from '@tallyline/contracts';
import { callApi } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { mailsTo } from './support/mail.js';
import { submitApplication } from './support/back-office.js';
import { launchBrowser, watchErrors } from './support/browser.js';
import { startServer, STAFF, type RunningServer } from './support/server.js';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

/** A merchant user (the public sign-up), optionally with its merchant record. */
async function registerMerchant(baseUrl: string, companyName?: string): Promise<{ email: string; password: string }> {
  const account = { email: `${randomUUID().slice(0, 8)}@merchant.test`, password: 'merchant-password-1', firstName: 'Grace', lastName: 'Hopper' };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  assert.equal(response.status, 201, await response.clone().text());
  if (companyName) {
    const { token } = (await response.json()) as { token: string };
    const merchant = await fetch(`${baseUrl}/api/merchants/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ companyName, email: account.email, website: null, businessType: 'SaaS' }),
    });
    assert.equal(merchant.status, 201, await merchant.clone().text());
  }
  return account;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('back-office: staff review of merchant applications', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const company = unique('Analytical Engines');
  const applicantEmail = `${randomUUID().slice(0, 8)}@engines.test`;
  let applicationId: string;

  const openReview = async (name: string) => {
    await page.getByRole('link', { name: `Review the application of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Review application: ${name}` });
    await dialog.waitFor();
    return dialog;
  };
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  const tab = (label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    errors = watchErrors(page);
    applicationId = await submitApplication(server.url, { companyName: company, primaryEmail: applicantEmail }, 'Passport of Ada Lovelace');
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a deep link opened signed out goes to the sign-in form once, without asking the API', async () => {
    for (const path of ['/admin/payments', '/admin/applications', '/admin/merchants']) {
      const other = await browser.newPage();
      const visited: string[] = [];
      other.on('framenavigated', (frame) => {
        if (frame === other.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      const refused: string[] = [];
      other.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url());
      });
      await other.goto(server.url + path);
      await other.getByRole('button', { name: 'Sign in' }).waitFor();
      // Long enough for the page and the form to take turns, as they did about 20 times a second.
      await other.waitForTimeout(1_500);
      assert.match(other.url(), /\/admin\/login$/);
      assert.ok(visited.filter((visit) => visit === path).length <= 2, `${path}: ${visited.join(' → ')}`);
      assert.deepEqual(refused, []);
      await other.close();
    }
  });

  it('an unknown address opened signed out goes to the sign-in form once, and signed in says Not Found', async () => {
    const other = await browser.newPage();
    let moves = 0;
    other.on('framenavigated', (frame) => {
      if (frame === other.mainFrame()) moves++;
    });
    await other.goto(server.url + '/admin/no-such-page');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    // react-admin's own not-found page logged out, the form never showed and the page moved ~60 times a second.
    await other.waitForTimeout(1_500);
    assert.match(other.url(), /\/admin\/login$/);
    assert.ok(moves <= 6, `${moves} moves`); // as many as /admin itself takes to reach the form
    assert.equal(await other.getByRole('menuitem', { name: 'Applications' }).count(), 0);
    await signIn(other, STAFF.email, STAFF.password);
    await other.waitForURL(/\/admin\/no-such-page$/);
    await other.getByText('Either you typed a wrong URL, or you followed a bad link.').waitFor();
    await other.close();
  });

  it('refuses a merchant account with a clear message', async () => {
    const merchant = await registerMerchant(server.url);
    const other = await browser.newPage();
    await other.goto(server.url + '/admin');
    await other.waitForURL(/\/admin\/login$/);
    await signIn(other, merchant.email, merchant.password);
    await other.getByRole('alert').filter({ hasText: 'This account is not a staff account' }).waitFor();
    assert.match(other.url(), /\/admin\/login$/);
    assert.deepEqual(await seriousA11yViolations(other), []);
    assert.equal(await other.evaluate(() => sessionStorage.length), 0);
    await other.close();
  });

  it('signs staff in and lists the submitted application in the queue', async () => {
    await page.goto(server.url + '/admin');
    await signIn(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: 'Merchant onboarding at a glance' }).waitFor();
    await page.getByRole('menuitem', { name: 'Applications' }).click();
    await page.waitForURL(/\/admin\/applications(\?.*)?$/);

    for (const column of ['Company', 'Contact', 'Country', 'Status', 'Submitted', 'Actions']) {
      await page.getByRole('columnheader', { name: column }).waitFor();
    }
    const submitted = row(company);
    await submitted.getByText(applicantEmail).waitFor();
    await submitted.getByText('United Kingdom').waitFor();
    await submitted.getByText('Pending', { exact: true }).waitFor();
    // The queue opens on every application, and each status tab carries its own count.
    assert.doesNotMatch(decodeURIComponent(page.url()), /status/);
    assert.equal(await tab('All').getAttribute('aria-selected'), 'true');
    for (const [label, count] of [['All', 1], ['Pending', 1], ['Under Review', 0], ['Approved', 0], ['Rejected', 0]] as const) {
      await page.getByRole('tab', { name: new RegExp(`^${label}\\s*${count}$`) }).waitFor();
    }
    await page.getByLabel('1 application', { exact: true }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    const search = page.getByRole('textbox', { name: 'Search applications' });
    await search.fill('no such company anywhere');
    await page.getByText('No merchant applications found').waitFor();
    await search.fill(company);
    await submitted.waitFor();
    await search.fill('');
    // The search applies after the input's debounce. Wait for it: applied while the next test opens a
    // review, it would navigate back to the list and keep filtering by this search.
    await page.waitForURL((url) => !(url.searchParams.get('filter') ?? '').includes('"q"'));
  });

  it('shows every field grouped as on the form, and the documents for download and preview', async () => {
    const dialog = await openReview(company);
    for (const section of [
      'Basic Information',
      'Registered Company Address',
      'Company Details',
      'Shareholder Information',
      'Business Information',
      'Required Documents',
    ]) {
      await dialog.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    const sample = samplePrecheckApplication();
    for (const value of [sample.postalCode, sample.vatTaxNumber, sample.incorporationDate, sample.settlementDetails, sample.companyType]) {
      await dialog.getByText(value, { exact: true }).waitFor();
    }
    await dialog.getByText('passport.pdf', { exact: false }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.equal(await dialog.getByText('Not uploaded', { exact: true }).count(), 3, 'the three other slots show as missing');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download Passport / ID' }).click(),
    ]);
    // Saved under a name chosen from the application and the checked type, not the uploader's.
    assert.match(download.suggestedFilename(), /^APP-[A-Z0-9]{6}-passportId\.pdf$/);
    assert.equal((await readFile(await download.path())).subarray(0, 5).toString(), '%PDF-');

    await dialog.getByRole('button', { name: 'Preview Passport / ID' }).click();
    const preview = page.getByRole('dialog', { name: 'Passport / ID: passport.pdf' });
    await preview.waitFor();
    assert.match((await preview.locator('iframe').getAttribute('src')) ?? '', /^blob:/);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });
  });

  it('sets under review, then approves with notes; the list and the audit trail show both steps', async () => {
    let dialog = page.getByRole('dialog', { name: `Review application: ${company}` });
    await dialog.getByRole('button', { name: 'Set Under Review' }).click();
    await page.getByRole('alert').filter({ hasText: 'Status Updated' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/admin\/applications(\?.*)?$/);

    await tab('Under Review').click();
    await row(company).getByText('Under Review', { exact: true }).waitFor();
    dialog = await openReview(company);
    assert.equal(await dialog.getByRole('button', { name: 'Set Under Review' }).count(), 0, 'only offered while pending');
    const notes = dialog.getByRole('textbox', { name: 'Review notes' });
    assert.equal(await notes.inputValue(), '');
    await notes.fill('Documents verified against the register');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });

    await tab('Approved').click();
    await row(company).getByText('Approved', { exact: true }).waitFor();
    await tab('All').click();
    await row(company).getByText('Approved', { exact: true }).waitFor();

    dialog = await openReview(company);
    await dialog.getByText('Documents verified against the register').first().waitFor();
    await dialog.getByRole('tab', { name: 'Audit trail' }).click();
    const entries = dialog.getByRole('list', { name: 'History' }).getByRole('listitem');
    await entries.nth(2).waitFor();
    assert.equal(await entries.count(), 3);
    await entries.nth(0).getByText(`by ${applicantEmail}`).waitFor();
    await entries.nth(1).getByText(`by ${STAFF.email}`).waitFor();
    await entries.nth(1).getByText('Under Review', { exact: true }).waitFor();
    await entries.nth(2).getByText(`by ${STAFF.email}`).waitFor();
    await entries.nth(2).getByText('Approved', { exact: true }).waitFor();
    await entries.nth(2).getByText('Documents verified against the register').waitFor();

    // As of the moment it was set under review, the application was under review, not yet approved.
    await entries.nth(1).getByRole('button', { name: 'Show as of this moment' }).click();
    const snapshot = dialog.getByRole('region', { name: /^As it stood on/ });
    await snapshot.getByText('Under Review', { exact: true }).waitFor();
    assert.equal(await snapshot.getByText('Approved', { exact: true }).count(), 0);
    await snapshot.getByText(company, { exact: true }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('explains a change made meanwhile by someone else (412) and reloads the application', async () => {
    const second = unique('Difference Works');
    const id = await submitApplication(server.url, { companyName: second, primaryEmail: `${randomUUID().slice(0, 8)}@diff.test` }, 'Passport of Ada Lovelace');
    await page.goto(server.url + '/admin/applications');
    await tab('Pending').click();
    const dialog = await openReview(second);
    await dialog.getByRole('button', { name: 'Set Under Review' }).waitFor();

    const { token } = await callApi<{ token: string }>(server.url, '/api/auth/login', STAFF);
    const current = await fetch(`${server.url}/api/admin/merchant-applications/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    const { version } = (await current.json()) as { version: number };
    const change = await fetch(`${server.url}/api/admin/merchant-applications/${id}/status`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'If-Match': String(version) },
      body: JSON.stringify({ status: 'under_review' }),
    });
    assert.equal(change.status, 200);

    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('alert').filter({ hasText: /Someone else changed this application/ }).waitFor();
    // Reloaded: now under review, so Set Under Review is no longer offered, and the reviewer can decide again.
    await dialog.getByRole('button', { name: 'Set Under Review' }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'Status Updated' }).waitFor();
  });

  it("shows Update Failed with the server's message when a change is refused", async () => {
    await page.goto(`${server.url}/admin/applications/${applicationId}`);
    const dialog = page.getByRole('dialog', { name: `Review application: ${company}` });
    await dialog.waitFor();
    // No forbidden transition is reachable from the buttons, so the server's refusal is simulated.
    await page.route('**/api/admin/merchant-applications/*/status', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 409, message: 'Only a pending application can be set under review' }),
      }),
    );
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Update Failed' });
    await toast.getByText('Only a pending application can be set under review').waitFor();
    await page.unroute('**/api/admin/merchant-applications/*/status');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("lists the application's events, shows one with its data and metadata, and exports the stream", async () => {
    await page.getByRole('menuitem', { name: 'Events' }).click();
    await page.waitForURL(/\/admin\/events(\?.*)?$/);
    const stream = `application-${applicationId}`;
    await page.getByRole('textbox', { name: 'Stream' }).fill(stream);
    await page.getByText('1-3 of 3').waitFor();
    await row('ApplicationSubmitted').waitFor();
    assert.equal(await page.getByRole('row').filter({ hasText: 'StatusChanged' }).count(), 2);
    // Who did it, by e-mail: a compliance reader should not have to look a user id up.
    assert.equal(await page.getByRole('row').filter({ hasText: 'StatusChanged' }).filter({ hasText: `staff ${STAFF.email}` }).count(), 2);
    assert.deepEqual(await seriousA11yViolations(page), []);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export stream' }).click()]);
    assert.equal(download.suggestedFilename(), `${stream}.ndjson`);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; streamId: string });
    assert.deepEqual(lines.map((event) => event.type), ['ApplicationSubmitted', 'StatusChanged', 'StatusChanged']);
    assert.ok(lines.every((event) => event.streamId === stream));

    await row('ApplicationSubmitted').click();
    await page.getByRole('heading', { name: 'Data', exact: true }).waitFor();
    await page.getByLabel('Data', { exact: true }).getByText(company, { exact: false }).waitFor();
    await page.getByLabel('Metadata', { exact: true }).getByText('"actor"', { exact: false }).waitFor();
  });

  it("the event log's From filter is the staff member's local time, sent as that instant", async () => {
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    const local = await elsewhere.newPage();
    await local.goto(`${server.url}/admin/events`);
    await signIn(local, STAFF.email, STAFF.password);
    await local.getByRole('button', { name: 'Add filter' }).click();
    await local.getByRole('menuitemcheckbox', { name: 'From' }).click();
    const asked = local.waitForRequest((request) => request.url().includes('/api/admin/events?') && decodeURIComponent(request.url()).includes('"from"'));
    // 18:30 on 20 November in New York (UTC-5) is 23:30 UTC.
    await local.getByLabel('From').fill('2026-11-20T18:30');
    const filter = JSON.parse(new URL((await asked).url()).searchParams.get('filter') ?? '{}') as { from?: string };
    assert.equal(filter.from, '2026-11-20T23:30:00.000Z');
    await elsewhere.close();
  });

  it('says a stream without events has none to export, and downloads nothing', async () => {
    await page.goto(`${server.url}/admin/events`);
    const stream = 'application-nothing-here';
    await page.getByRole('textbox', { name: 'Stream' }).fill(stream);
    await page.getByText('No events found').waitFor();
    const downloads: string[] = [];
    const recordDownload = (download: { suggestedFilename(): string }) => downloads.push(download.suggestedFilename());
    page.on('download', recordDownload);
    await page.getByRole('button', { name: 'Export stream' }).click();
    // Said as it is, not as a failure ("Export failed: …").
    await page.getByRole('alert').filter({ hasText: new RegExp(`^No events in ${stream}$`) }).waitFor();
    page.off('download', recordDownload);
    assert.deepEqual(downloads, []);
  });

  it('lists merchants read-only, with a detail page', async () => {
    const merchantCompany = unique('Hopper Software');
    const merchant = await registerMerchant(server.url, merchantCompany);
    await page.getByRole('menuitem', { name: 'Merchants' }).click();
    await page.waitForURL(/\/admin\/merchants(\?.*)?$/);
    await row(merchantCompany).getByText(merchant.email).waitFor();
    await row(merchantCompany).click();
    await page.getByText('SaaS', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Edit|Delete/ }).count(), 0);
  });

  it('shows counts per status and applications per day on the dashboard', async () => {
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: 'Approved 1' }).waitFor();
    await page.getByRole('link', { name: 'Rejected 1' }).waitFor();
    await page.getByRole('link', { name: 'Pending 0' }).waitFor();
    await page.getByRole('link', { name: 'All applications 2' }).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
  });

  it('keeps deep links on reload: the queue and an open review', async () => {
    await page.goto(server.url + '/admin/applications');
    await page.getByRole('heading', { level: 1, name: 'Merchant Applications' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Merchant Applications' }).waitFor();
    assert.match(page.url(), /\/admin\/applications(\?|$)/);

    await page.goto(`${server.url}/admin/applications/${applicationId}`);
    await page.reload();
    await page.getByRole('dialog', { name: `Review application: ${company}` }).waitFor();
  });

  it('signs out from the account menu, and the server refuses that session from then on', async () => {
    const other = await browser.newPage();
    await other.goto(server.url + '/admin');
    await signIn(other, STAFF.email, STAFF.password);
    await other.getByRole('heading', { name: 'Merchant onboarding at a glance' }).waitFor();
    const token = await other.evaluate(() => sessionStorage.getItem('tallyline_admin_token'));
    assert.ok(token);
    await other.getByRole('button', { name: /account menu/ }).click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL(/\/admin\/login$/);
    const copied = async () => (await fetch(server.url + '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status;
    for (let i = 0; i < 50 && (await copied()) === 200; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await copied(), 401);
    await other.close();
  });

  it('signs out when the API no longer accepts the session (401)', async () => {
    await page.evaluate(() => sessionStorage.setItem('tallyline_admin_token', 'revoked'));
    await page.goto(server.url + '/admin/applications');
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('tallyline_admin_token')), null);
  });

  it('changes the staff password from the account menu: this tab stays signed in, every other session ends', async () => {
    const newPassword = 'staff-password-456';
    await page.goto(server.url + '/admin');
    await signIn(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: 'Merchant onboarding at a glance' }).waitFor();
    const { token: elsewhere } = await callApi<{ token: string }>(server.url, '/api/auth/login', STAFF);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    const submit = () => dialog.getByRole('button', { name: 'Change password' }).click();
    // Checked here first, with the dashboard's rules and messages; then by the server.
    await submit();
    await dialog.getByText('Current password is required').waitFor();
    await field('Current password').fill('not-the-password');
    await field('New password').fill(newPassword);
    await field('Confirm new password').fill('staff-password-457');
    await submit();
    await dialog.getByText('Passwords do not match').waitFor();
    await field('Confirm new password').fill(newPassword);
    await submit();
    await dialog.getByText('Current password is incorrect').waitFor();
    await field('Current password').fill(STAFF.password);
    await submit();
    await page.getByText('Password changed. Your other sessions have been signed out.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // This tab moved to the new session: it goes on working without signing in again.
    await page.goto(server.url + '/admin/applications');
    await row(company).waitFor();
    assert.equal((await fetch(server.url + '/api/auth/user', { headers: { authorization: `Bearer ${elsewhere}` } })).status, 401);
    const login = async (password: string) =>
      (await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF.email, password }) })).status;
    assert.equal(await login(STAFF.password), 401);
    assert.equal(await login(newPassword), 200);
  });

  it('forgot password: the sign-in form leads to a link by e-mail, whose page leads back to the back-office', async () => {
    const other = await browser.newPage();
    await other.goto(server.url + '/admin/login');
    await other.getByRole('link', { name: 'Forgot password?' }).click();
    await other.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    assert.equal(await other.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href'), '/admin/login');
    await other.getByRole('textbox', { name: 'Email' }).fill(STAFF.email);
    await other.getByRole('button', { name: 'Send me a link' }).click();
    await other.getByRole('status').filter({ hasText: 'If an account uses this e-mail address, we have sent it a link' }).waitFor();
    const [mail] = await mailsTo(server, STAFF.email);
    const link = /(http\S+\/reset-password\?account=staff#token=\S+)/.exec(mail?.body ?? '')?.[1];
    assert.ok(link, `a staff link in: ${mail?.body}`);
    await other.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    // Back to the password the other tests sign in with (the test above changed it).
    await other.getByRole('textbox', { name: 'New password', exact: true }).fill(STAFF.password);
    await other.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(STAFF.password);
    await other.getByRole('button', { name: 'Set new password' }).click();
    await other.getByRole('status').filter({ hasText: 'Password changed. Sign in with your new password.' }).waitFor();
    await other.getByRole('link', { name: 'Sign in to the back-office' }).click();
    await other.waitForURL(/\/admin\/login$/);
    await signIn(other, STAFF.email, STAFF.password);
    await other.getByRole('heading', { name: 'Merchant onboarding at a glance' }).waitFor();
    await other.close();
  });

  it('logged no console errors besides the refused requests the tests provoked', () => {
    assert.deepEqual(
      errors.filter((error) => !/Failed to load resource: the server responded with a status of (400|401|404|409|412)/.test(error)),
      [],
    );
  });
});
