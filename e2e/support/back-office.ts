import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { samplePrecheckApplication } from '@tallyline/contracts';
import type { AppUnderTest } from './app.js';

/** A one-page PDF showing `text`: tiny, yet real enough for the server's type check and the viewer. */
function tinyPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 24 64 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * The pre-check form as a visitor sends it: multipart, every field as text, documents as files (a
 * one-page passport PDF showing `passport`, when given). Answers the new application's id.
 */
export async function submitApplication(baseUrl: string, fields: { companyName?: string; primaryEmail?: string } = {}, passport?: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...samplePrecheckApplication(randomUUID().slice(0, 8)), ...fields })) form.append(name, value);
  if (passport) form.append('passportId', new Blob([new Uint8Array(tinyPdf(passport))], { type: 'application/pdf' }), 'passport.pdf');
  const response = await fetch(`${baseUrl}/api/merchant-applications`, { method: 'POST', body: form });
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

/** What the back-office's sign-in stores: the staff token and user. */
export interface StaffSession {
  token: string;
  user: unknown;
}

/** Signs the page in as the sign-in page would, before the app loads. */
export async function signInAsStaff(page: Page, staff: StaffSession): Promise<void> {
  await page.addInitScript(({ token, user }) => {
    sessionStorage.setItem('tallyline_admin_token', token);
    sessionStorage.setItem('tallyline_admin_user', JSON.stringify(user));
  }, staff);
}

/** A staff page at `path`, signed in; in the machine's time zone unless told. */
export async function openStaffPage(
  app: AppUnderTest,
  staff: StaffSession,
  path: string,
  { width = 1280, height = 900, timezoneId }: { width?: number; height?: number; timezoneId?: string } = {},
): Promise<Page> {
  const page = await app.browser.newPage({ viewport: { width, height }, ...(timezoneId ? { timezoneId } : {}) });
  await signInAsStaff(page, staff);
  await page.goto(app.server.url + path);
  return page;
}

/** A merchant user (the public sign-up), optionally with its merchant record. */
export async function registerMerchant(baseUrl: string, companyName?: string): Promise<{ email: string; password: string }> {
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

/** Signs in through the back-office's sign-in form, the page being on it. */
export async function signInOnForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
