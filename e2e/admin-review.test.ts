import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { callApi, useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openStaffPage, submitApplication, type StaffSession } from './support/back-office.js';
import { assertNoSidewaysScroll } from './support/browser.js';
import { STAFF } from './support/server.js';

/** Screenshots are for people to look at, not part of the repository. */
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '/tmp/admin-review-shots';

describe('back-office review: double clicks, stale lists, phone width', () => {
  const app = useAppAndBrowser();
  let staff: StaffSession = { token: '', user: {} };
  const staffPage = (path: string, width = 1280, height = 900) => openStaffPage(app, staff, path, { width, height });

  const openReview = async (page: Page, company: string) => {
    await page.getByRole('link', { name: `Review the application of ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: `Review application: ${company}` });
    await dialog.waitFor();
    return dialog;
  };
  const row = (page: Page, company: string) => page.getByRole('row').filter({ hasText: company });

  it('signs staff in through the API', async () => {
    staff = await callApi<{ token: string; user: unknown }>(app.server.url, '/api/auth/login', STAFF);
  });

  it('a double click on Approve sends one decision and reports it done, not as changed by someone else', async () => {
    const company = `Double Click ${randomUUID().slice(0, 6)}`;
    await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications');
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') changes.push(request.url());
    });
    const dialog = await openReview(page, company);
    await dialog.getByRole('button', { name: 'Approve' }).dblclick();
    await page.getByRole('alert').filter({ hasText: 'Status Updated' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row(page, company).getByText('Approved', { exact: true }).waitFor();
    assert.equal(changes.length, 1, `one status change expected, sent ${changes.length}`);
    assert.equal(await page.getByRole('alert').filter({ hasText: /Someone else changed/ }).count(), 0);
    await page.close();
  });

  it('a decision made with the notes left empty leaves none: the earlier notes stay in the audit trail only', async () => {
    const company = `Empty Notes ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications');
    const decide = async (action: string, notes?: string) => {
      const dialog = await openReview(page, company);
      if (notes) await dialog.getByLabel('Review notes').fill(notes);
      await dialog.getByRole('button', { name: action }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await decide('Set Under Review', 'Waiting for the bank statement');
    await decide('Reject');
    const application = await callApi<{ status: string; reviewNotes: string | null }>(app.server.url, `/api/admin/merchant-applications/${id}`, undefined, staff.token);
    assert.deepEqual([application.status, application.reviewNotes], ['rejected', null]);
    const history = await callApi<{ to: string; reviewNotes: string | null }[]>(app.server.url, `/api/admin/merchant-applications/${id}/history`, undefined, staff.token);
    // The rejection says it had no notes ('' cleared them; null would have meant "none sent, keep them").
    assert.deepEqual(history.map((entry) => [entry.to, entry.reviewNotes]), [['pending', null], ['under_review', 'Waiting for the bank statement'], ['rejected', '']]);
    await page.close();
  });

  it('notes pasted past 5000 characters are kept whole: the field says so and holds the decision back until they are shortened', async () => {
    const company = `Long Notes ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications');
    const dialog = await openReview(page, company);
    const notes = dialog.getByLabel('Review notes');
    await notes.fill('n'.repeat(5001));
    assert.equal((await notes.inputValue()).length, 5001, 'the browser must not cut the paste');
    await dialog.getByText('Review notes must be at most 5000 characters: shorten them to decide. (5001 / 5000)').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Approve' }).isDisabled(), true);
    await notes.press('Backspace');
    await dialog.getByText('(5000 / 5000)').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    const application = await callApi<{ reviewNotes: string | null }>(app.server.url, `/api/admin/merchant-applications/${id}`, undefined, staff.token);
    assert.equal(application.reviewNotes?.length, 5000);
    await page.close();
  });

  it('after a change made elsewhere (412), the list behind the dialog shows it too', async () => {
    const company = `Changed Elsewhere ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications');
    await row(page, company).getByText('Pending', { exact: true }).waitFor();
    const dialog = await openReview(page, company);
    await dialog.getByRole('button', { name: 'Set Under Review' }).waitFor();

    const change = await fetch(`${app.server.url}/api/admin/merchant-applications/${id}/status`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'rejected', reviewNotes: 'Rejected in another tab' }),
    });
    assert.equal(change.status, 200);

    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: 'Update Failed' }).filter({ hasText: /Someone else changed this application/ }).waitFor();
    await dialog.getByText('Rejected in another tab').first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, company).getByText('Rejected', { exact: true }).waitFor({ timeout: 5000 });
    await page.close();
  });

  it('phone width: the queue fits 375 px and each application still opens for review', async () => {
    const company = `Small Screen ${randomUUID().slice(0, 6)}`;
    await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications', 375);
    const review = page.getByRole('link', { name: `Review the application of ${company}` });
    await review.waitFor();
    await page.getByText(company, { exact: true }).waitFor();
    await assertNoSidewaysScroll(page, 'the queue');
    const box = await review.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'the Review link is on screen');
    // Five status tabs do not fit 375 px: an arrow brings the last of them on screen.
    const rejected = page.getByRole('tab', { name: /^Rejected/ });
    const onScreen = async () => ((await rejected.boundingBox()) ?? { x: 999, width: 0 }).x + ((await rejected.boundingBox())?.width ?? 0) <= 375;
    assert.equal(await onScreen(), false, 'the last tab starts off screen');
    const forward = page.locator('.MuiTabScrollButton-root').last();
    for (let click = 0; click < 3 && !(await onScreen()); click++) {
      await forward.click();
      await page.waitForTimeout(400); // MUI's scroll animation
    }
    assert.ok(await onScreen(), 'the arrow scrolled the Rejected tab on screen');
    await review.click();
    await page.getByRole('dialog', { name: `Review application: ${company}` }).waitFor();
    await page.close();
  });

  it('phone width: the queue\'s cards can be sorted, as the table\'s column headers sort it', async () => {
    const company = `Zzzz Sorted Last ${randomUUID().slice(0, 6)}`;
    await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage('/admin/applications', 375);
    const cards = page.getByRole('list', { name: 'Merchant Applications' }).getByRole('listitem');
    // Newest first by default: the application just sent heads the list.
    await cards.first().getByText(company).waitFor();
    await page.getByRole('button', { name: /^Sort by/ }).click();
    await page.getByRole('menuitem', { name: 'Company name' }).click();
    await page.waitForURL(/sort=companyName/);
    await cards.last().getByText(company).waitFor();
    await page.close();
  });

  it('phone width: the review decisions read as words, not bare icons', async () => {
    const company = `Icon Only ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage(`/admin/applications/${id}`, 375);
    const dialog = page.getByRole('dialog', { name: `Review application: ${company}` });
    for (const decision of ['Set Under Review', 'Reject', 'Approve']) {
      const button = dialog.getByRole('button', { name: decision, exact: true });
      await button.waitFor();
      assert.equal((await button.innerText()).trim(), decision, `the ${decision} button shows its word`);
    }
    await page.close();
  });

  it('phone size: the review dialog takes the whole 375 × 667 screen, and the three decisions are on it', async () => {
    const company = `Pocket Review ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const page = await staffPage(`/admin/applications/${id}`, 375, 667);
    const dialog = page.getByRole('dialog', { name: `Review application: ${company}` });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/review-375x667.png` });
    await assertNoSidewaysScroll(page, 'the review');
    for (const decision of ['Set Under Review', 'Reject', 'Approve']) {
      const button = dialog.getByRole('button', { name: decision, exact: true });
      // On screen and not clipped by the dialog or covered: what is under its centre is the button itself.
      const reachable = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const inside = box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight;
        return inside && element.contains(document.elementFromPoint(x, y));
      });
      assert.ok(reachable, `${decision} is on screen and can be tapped`);
    }
    await page.close();
  });

  it('phone width: the merchants list and the event log fit 375 px too', async () => {
    const company = `Narrow Shop ${randomUUID().slice(0, 6)}`;
    const email = `narrow-${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await callApi<{ token: string }>(app.server.url, '/api/auth/register', { email, password: 'password-123', firstName: 'Nora', lastName: 'Narrow' });
    await callApi(app.server.url, '/api/merchants/register', { companyName: company, email, website: null, businessType: 'Retail' }, token);
    for (const [path, text] of [['/admin/merchants', company], ['/admin/events', 'MerchantRegistered']] as const) {
      const page = await staffPage(path, 375);
      await page.getByText(text).first().waitFor();
      await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
      await assertNoSidewaysScroll(page, path);
      await page.close();
    }
  });

  it('a link to an application that does not exist says so at once, without retrying the 404', async () => {
    const page = await staffPage('/admin/applications');
    await page.getByRole('tab', { name: /^All/ }).waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/merchant-applications/00000000-')) asked.push(request.url());
    });
    const started = Date.now();
    await page.goto(`${app.server.url}/admin/applications/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('dialog').getByText('This application could not be loaded.').waitFor({ timeout: 20_000 });
    const waited = Date.now() - started;
    assert.ok(waited < 3000, `the skeleton stayed ${waited} ms`);
    assert.equal(asked.length, 1, `asked ${asked.length} times`);
    await page.close();
  });

  it('the Not Found page is titled Tallyline back-office, not with an i18n key, and its sentence ends once', async () => {
    const page = await staffPage('/admin/no-such-page');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    const bar = page.locator('header');
    await bar.getByText('Tallyline back-office').waitFor();
    assert.equal(await bar.getByText('tallyline.title').count(), 0);
    // One full stop: react-admin adds its own after the message.
    await page.getByText('Either you typed a wrong URL, or you followed a bad link.', { exact: true }).waitFor({ timeout: 5_000 });
    await page.close();
  });

  it('dark theme: the review decisions pass the contrast check', async () => {
    const company = `Dark Mode ${randomUUID().slice(0, 6)}`;
    const id = await submitApplication(app.server.url, { companyName: company });
    const dark = await staffPage(`/admin/applications/${id}`);
    // react-admin keeps the theme chosen with the app bar's toggle in its store (localStorage).
    await dark.evaluate(() => localStorage.setItem('RaStore.theme', JSON.stringify('dark')));
    await dark.reload();
    const dialog = dark.getByRole('dialog', { name: `Review application: ${company}` });
    await dialog.getByRole('button', { name: 'Reject' }).waitFor();
    const background = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(background.match(/\d+/g)?.slice(0, 3).every((channel) => Number(channel) < 80), `dark theme on (${background})`);
    assert.deepEqual(await seriousA11yViolations(dark), []);
    await dark.close();
  });
});
