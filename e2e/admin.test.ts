import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { samplePrecheckApplication } from '@tallyline/contracts';
import { callApi } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { registerMerchant, signInOnForm, submitApplication } from './support/back-office.js';
import { launchBrowser, watchErrors } from './support/browser.js';
import { startServer, STAFF, type RunningServer } from './support/server.js';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

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

  it('signs staff in and lists the submitted application in the queue', async () => {
    await page.goto(server.url + '/admin');
    await signInOnForm(page, STAFF.email, STAFF.password);
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
    await page.getByRole('alert').filter({ hasText: 'Update Failed' }).filter({ hasText: /Someone else changed this application/ }).waitFor();
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
    // The applicant was not signed in: a visitor, as the application's audit trail says, not "user anonymous".
    assert.equal(await row('ApplicationSubmitted').getByRole('cell', { name: 'visitor', exact: true }).count(), 1);
    assert.deepEqual(await seriousA11yViolations(page), []);

    // The type filter offers the types that occurred; typing any part of a name, in any case, narrows it.
    const type = page.getByRole('combobox', { name: 'Event type' });
    await type.click();
    await type.pressSequentially('status');
    await page.getByRole('option', { name: 'StatusChanged', exact: true }).click();
    await page.getByText('1-2 of 2').waitFor();
    assert.equal(await row('ApplicationSubmitted').count(), 0);
    await page.keyboard.press('Escape');
    await type.press('Backspace'); // removes the chip: the whole stream again
    await page.getByText('1-3 of 3').waitFor();

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
    await signInOnForm(local, STAFF.email, STAFF.password);
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

  it('a link filtering the event log by a type that never occurred, or by a filter it does not know, says so in place of the list, with no page count, and clears', async () => {
    const eventsLink = (filter: Record<string, unknown>) => `${server.url}/admin/events?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const pageLabel = page.getByText(/^\d+-\d+ of \d+$/);
    await page.goto(eventsLink({})); // not the previous test's stream, which the list remembers
    await row('ApplicationSubmitted').first().waitFor();
    await pageLabel.waitFor();

    // The API answers a type that never occurred like any filter nothing matches (200, none), as it does
    // a stream: the list says which type it did not recognise, shows it in the type filter, and counts nothing.
    await page.goto(eventsLink({ type: 'NoSuchEvent' }));
    await page.getByText('“NoSuchEvent” is not an event type the log has recorded.', { exact: true }).waitFor();
    await page.getByText('Nothing in the log matches Event type “NoSuchEvent”.', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Event type' }).locator('..').getByText('NoSuchEvent', { exact: true }).waitFor();
    assert.equal(await pageLabel.count(), 0);
    assert.equal(await page.getByRole('row').count(), 0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row('ApplicationSubmitted').first().waitFor();
    await pageLabel.waitFor();
    assert.doesNotMatch(decodeURIComponent(page.url()), /NoSuchEvent/);

    // A filter the API refuses (400): its message where the list was, once, and no "1-50 of 50" left over.
    await page.goto(eventsLink({ kind: 'NoSuchEvent' }));
    const refusal = page.getByRole('alert').filter({ hasText: 'These filters cannot be applied: Unknown filter kind' });
    await refusal.waitFor();
    assert.equal(await page.getByRole('alert').count(), 1);
    assert.equal(await pageLabel.count(), 0);
    assert.equal(await page.getByText('Rows per page').count(), 0);
    assert.equal(await page.getByText('No events found').count(), 0);
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row('ApplicationSubmitted').first().waitFor();
    await pageLabel.waitFor();
    assert.equal(await refusal.count(), 0);
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

  it('logged no console errors besides the refused requests the tests provoked', () => {
    assert.deepEqual(
      errors.filter((error) => !/Failed to load resource: the server responded with a status of (400|401|404|409|412)/.test(error)),
      [],
    );
  });
});
