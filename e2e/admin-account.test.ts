import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { registerMerchant, signInOnForm, submitApplication } from './support/back-office.js';
import { launchBrowser, watchErrors } from './support/browser.js';
import { mailsTo } from './support/mail.js';
import { startServer, STAFF, type RunningServer } from './support/server.js';

describe('back-office: staff sign-in, sign-out and password', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const company = `Difference Engines ${randomUUID().slice(0, 6)}`;
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await submitApplication(server.url, { companyName: company, primaryEmail: `${randomUUID().slice(0, 8)}@engines.test` }, 'Passport of Charles Babbage');
    await page.goto(server.url + '/admin/login');
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a deep link opened signed out goes to the sign-in form once, without asking the API or showing the staff menu', async () => {
    for (const path of ['/admin/payments', '/admin/applications', '/admin/merchants', '/admin/events']) {
      const other = await browser.newPage();
      // The menu rendered before the form was how a signed-out page kept signing out and, now and then,
      // redirected to the form faster than the form could render (a blank page, never a form).
      await other.addInitScript(() => {
        const seen = (window as unknown as { staffMenuSeen: boolean });
        seen.staffMenuSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="menuitem"]')) seen.staffMenuSeen = true;
        }).observe(document, { childList: true, subtree: true });
      });
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
      assert.ok(visited.length <= 6, `${path}: ${visited.join(' → ')}`); // no back and forth at /admin/login
      assert.deepEqual(refused, []);
      assert.equal(await other.evaluate(() => (window as unknown as { staffMenuSeen: boolean }).staffMenuSeen), false, path);
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
    await signInOnForm(other, STAFF.email, STAFF.password);
    await other.waitForURL(/\/admin\/no-such-page$/);
    await other.getByText('Either you typed a wrong URL, or you followed a bad link.').waitFor();
    await other.close();
  });

  it('refuses a merchant account with a clear message', async () => {
    const merchant = await registerMerchant(server.url);
    const other = await browser.newPage();
    await other.goto(server.url + '/admin');
    await other.waitForURL(/\/admin\/login$/);
    await signInOnForm(other, merchant.email, merchant.password);
    await other.getByRole('alert').filter({ hasText: 'This account is not a staff account' }).waitFor();
    assert.match(other.url(), /\/admin\/login$/);
    assert.deepEqual(await seriousA11yViolations(other), []);
    assert.equal(await other.evaluate(() => sessionStorage.length), 0);
    await other.close();
  });

  it('signs out from the account menu, and the server refuses that session from then on', async () => {
    const other = await browser.newPage();
    await other.goto(server.url + '/admin');
    await signInOnForm(other, STAFF.email, STAFF.password);
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
    await signInOnForm(page, STAFF.email, STAFF.password);
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
    await signInOnForm(other, STAFF.email, STAFF.password);
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
