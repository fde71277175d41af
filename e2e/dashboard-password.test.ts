import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { callApi, useAppAndBrowser } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { assertNoSidewaysScroll, prepareVisitor, submitLoginForm, watchErrors } from './support/browser.js';

/** The dashboard's Security Settings: a merchant of its own, since a change of password ends every session of the account. */
describe('the dashboard change of password against the real app', () => {
  const app = useAppAndBrowser();
  const sessionStatus = async (token: string) => (await fetch(app.server.url + '/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status;

  it('change password: a wrong current password shows on its field; the right one keeps this browser signed in, ends the other sessions, and signs in on /login', async () => {
    const email = `keys-${randomUUID().slice(0, 8)}@example.test`;
    const { token: registered } = await callApi<{ token: string }>(app.server.url, '/api/auth/register', { email, password: 'password-123', firstName: 'Kim', lastName: 'Keys' });
    await callApi(app.server.url, '/api/merchants/register', { companyName: 'Key Lamps', email, website: null, businessType: 'Retail' }, registered);
    // Signed in through /login, not by openSignedIn: its init script would store its token again at the reload below.
    const page = await app.browser.newPage({ viewport: { width: 375, height: 900 } });
    await prepareVisitor(page);
    const errors = watchErrors(page);
    await page.goto(app.server.url + '/login');
    await submitLoginForm(page, email, 'password-123');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(app.server.url + '/dashboard/settings');
    await page.getByRole('heading', { name: 'Security Settings' }).waitFor();
    const before = await page.evaluate(() => localStorage.getItem('auth_token'));
    assert.ok(before);

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const password = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    await password('Current password').fill('not-my-password');
    await password('New password').fill('a-new-password-1');
    await password('Confirm new password').fill('a-new-password-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    assert.equal(await password('Current password').getAttribute('aria-invalid'), 'true');
    await assertNoSidewaysScroll(page, 'the change-password dialog at 375 px');
    assert.deepEqual(await seriousA11yViolations(page), []);

    await password('Current password').fill('password-123');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your other sessions have been signed out.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await sessionStatus(before), 401, "this browser's session from before the change has ended");
    assert.equal(await sessionStatus(registered), 401, 'the other session has ended');
    const renewed = await page.evaluate(() => localStorage.getItem('auth_token'));
    assert.ok(renewed && renewed !== before);
    assert.equal(await sessionStatus(renewed), 200, "this browser's new session works");

    // Still signed in here, without a reload, and after one.
    await page.getByRole('heading', { name: 'Security Settings' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Security Settings' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard/settings');
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), renewed);
    assert.deepEqual(errors.filter((error) => !/status of 400/.test(error)), []);
    await page.close();

    // Another browser: the old password is refused, the new one signs in.
    const other = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await prepareVisitor(other);
    await other.goto(app.server.url + '/login');
    await submitLoginForm(other, email, 'password-123');
    await other.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await submitLoginForm(other, email, 'a-new-password-1');
    await other.waitForURL(/\/dashboard$/);
    await other.getByRole('button', { name: 'Kim' }).waitFor();
    await other.close();
  });
});
