import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe.js';
import { callApi, openSignedIn, useAppAndBrowser } from './support/app.js';
import { assertNoSidewaysScroll, submitLoginForm } from './support/browser.js';
import { mailsTo } from './support/mail.js';

const PASSWORD = 'password-123';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

describe('sign-up, sign-in and the signed-in header', () => {
  const app = useAppAndBrowser();

  async function open(path: string): Promise<Page> {
    const page = await app.browser.newPage();
    await page.goto(app.server.url + path);
    return page;
  }

  const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('auth_token'));

  async function fillRegistration(page: Page, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }

  it('shows every registration message at once, clears a field\'s message on edit, and checks the confirmation', async () => {
    const page = await open('/register');
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Email is required', 'Password is required', 'Please confirm your password']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Ada');
    await page.getByText('First name is required').waitFor({ state: 'detached' });

    await fillRegistration(page, { 'Last Name': 'Lovelace', Email: 'ada@nowhere', Password: 'short', 'Confirm Password': 'different' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    assert.equal(await token(page), null);
    await page.close();
  });

  it('registers, lands on /dashboard with the token stored, and the header shows the user menu', async () => {
    const page = await open('/register');
    const email = uniqueEmail('ada');
    await fillRegistration(page, { 'First Name': 'Ada', 'Last Name': 'Lovelace', Email: email, Password: PASSWORD, 'Confirm Password': PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Registration successful!').waitFor();
    const session = (await token(page)) ?? '';
    assert.match(session, /^ey/);
    // A plain user has no merchant record yet.
    await page.getByText('Merchant account not found. Please contact support.').waitFor();
    // On a phone too there is a way on: with no dashboard shell, the site's own menu stays in the header.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-nav').getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Ada' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(app.server.url + '/');
    assert.equal(await token(page), null);
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    // Signed out on the server too: a copy of the token (a shared computer's history, a leaked log) is refused.
    const copied = async () => (await fetch(app.server.url + '/api/auth/user', { headers: { authorization: `Bearer ${session}` } })).status;
    for (let i = 0; i < 50 && (await copied()) === 200; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await copied(), 401);
    await page.close();
  });

  it('forgot password: asks for a link from the sign-in form, sets a new password through the e-mailed link, signs in with it', async () => {
    const email = uniqueEmail('forgetful');
    await callApi(app.server.url, '/api/auth/register', { email, password: PASSWORD, firstName: 'Forgetful', lastName: 'Fred' });
    const page = await open('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    assert.equal(await page.title(), 'Forgot Password · Tallyline');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses this e-mail address, we have sent it a link' }).waitFor();

    const [mail] = await mailsTo(app.server, email);
    const link = /(http\S+\/reset-password#token=\S+)/.exec(mail?.body ?? '')?.[1];
    assert.ok(link, `a link in: ${mail?.body}`);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, app.server.url));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the secret leaves the address bar');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-fresh-password-1');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('a-fresh-password-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(app.server.url + '/login');
    await page.getByText('Password changed. Sign in with your new password.').waitFor();
    await submitLoginForm(page, email, 'a-fresh-password-1');
    await page.waitForURL(/\/dashboard$/);

    // The link worked once: opened again, it is refused with a way on.
    const again = await open('/login');
    await again.goto(link.replace(/^https?:\/\/[^/]+/, app.server.url));
    await again.getByRole('textbox', { name: 'New password', exact: true }).fill('another-password-2');
    await again.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('another-password-2');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Ask for a new one.' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(again), []);
    await again.close();
    await page.close();
  });

  it('refuses a taken e-mail with the server\'s message and stays on the form', async () => {
    const email = uniqueEmail('taken');
    const res = await fetch(app.server.url + '/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName: 'T', lastName: 'Aken' }),
    });
    assert.equal(res.status, 201);
    const page = await open('/register');
    await fillRegistration(page, { 'First Name': 'T', 'Last Name': 'Aken', Email: email, Password: PASSWORD, 'Confirm Password': PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration failed').first().waitFor();
    await page.getByText('Email already registered').first().waitFor();
    assert.match(page.url(), /\/register$/);
    await page.close();
  });

  it('creates a merchant account, then switches the environment, which survives a reload', async () => {
    const page = await open('/merchant-register');
    await page.getByRole('heading', { name: 'Create your merchant account' }).waitFor();
    await page.getByRole('button', { name: 'Create merchant account' }).click();
    await page.getByText('You must accept the terms').waitFor();
    await page.getByText('Business type is required').waitFor();

    await fillRegistration(page, { 'First Name': 'Grace', 'Last Name': 'Hopper', Email: uniqueEmail('grace'), 'Company Name': 'Compilers Ltd', Password: PASSWORD });
    await page.getByLabel('Website (optional)').fill('not a url');
    await page.getByRole('combobox', { name: 'Business Type' }).selectOption('SaaS');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create merchant account' }).click();
    await page.getByText('Invalid website URL').waitFor();
    await page.getByLabel('Website (optional)').fill('https://compilers.example');
    await page.getByRole('button', { name: 'Create merchant account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Your merchant account has been created').first().waitFor();

    const badge = page.getByTestId('environment-badge');
    await badge.waitFor();
    assert.equal(await badge.getAttribute('data-environment'), 'production');
    await page.getByRole('button', { name: 'Switch to staging' }).click();
    await page.getByText('Environment updated').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="environment-badge"]')?.getAttribute('data-environment') === 'staging');
    await page.reload();
    await page.getByTestId('environment-badge').waitFor();
    assert.equal(await page.getByTestId('environment-badge').getAttribute('data-environment'), 'staging');
    await page.close();
  });

  /** The sign-in form of a user registered through the API, the e-mail filled in. */
  async function signInForm(prefix: string, firstName: string): Promise<Page> {
    const email = uniqueEmail(prefix);
    await fetch(app.server.url + '/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: 'Tester' }),
    });
    const page = await open('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    return page;
  }

  it('signs in: the wrong password shows the server message, the right one goes to /dashboard', async () => {
    const page = await signInForm('login', 'Lin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await page.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Lin' }).waitFor();
    await page.close();
  });

  it('signs in offline: says it failed (the validation code cannot be downloaded either), then signs in once back online', async () => {
    const page = await signInForm('offline', 'Off');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.close();
  });

  it('sends signed-out visitors from the dashboard to /login', async () => {
    const page = await open('/dashboard/transactions');
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.close();
  });

  it('the signed-in header keeps one row, nothing off screen, for a merchant with a long first name, from 900 to 1280 px', async () => {
    const email = uniqueEmail('long');
    const { token } = await callApi<{ token: string }>(app.server.url, '/api/auth/register', { email, password: PASSWORD, firstName: 'W'.repeat(100), lastName: 'Wide' });
    await callApi(app.server.url, '/api/merchants/register', { companyName: 'Wide Names Ltd', email, website: null, businessType: 'Retail' }, token);
    for (const width of [900, 1024, 1280]) {
      const page = await openSignedIn(app, token, '/pricing', width);
      await page.getByTestId('environment-badge').waitFor();
      await assertNoSidewaysScroll(page, `at ${width} px the page`);
      assert.ok(((await page.getByRole('banner').boundingBox())?.height ?? 0) <= 72, `at ${width} px the header wraps onto more rows`);
      await page.getByRole('button', { name: 'W'.repeat(100) }).click();
      await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
      await page.close();
    }
  });

  it('has no serious accessibility violations on the registration page', async () => {
    const page = await open('/register');
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.close();
  });
});
