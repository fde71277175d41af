import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/axe.js';
import { useAppAndBrowser } from './support/app.js';
import { STAFF } from './support/server.js';
import { samplePrecheckApplication, samplePrecheckForm } from '@tallyline/contracts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The text input or textarea labelled exactly `label` (required labels carry a hidden `*`). */
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Picks `option` in the (native) select labelled exactly `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

async function fillPrecheck(page: Page, company: string) {
  await choose(page, 'Operating Country', 'United Kingdom');
  await choose(page, 'Company Type', 'Private Company (LTD)');
  await choose(page, 'Country', 'United Kingdom');
  const values = samplePrecheckForm({ ...samplePrecheckApplication(randomUUID().slice(0, 6)), companyName: company });
  for (const [label, value] of Object.entries(values)) await textbox(page, label).fill(value);
  await page.getByLabel('Incorporation Date').fill('2020-01-31');
  await page.getByRole('slider', { name: /Ownership/ }).press('ArrowLeft');
}

describe('merchant applications from the public site', () => {
  const app = useAppAndBrowser();

  async function staffQueue(q: string): Promise<{ reference: string; companyName: string; documents: unknown[] }[]> {
    const login = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${app.server.url}/api/admin/merchant-applications?filter=${encodeURIComponent(JSON.stringify({ q }))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    return (await res.json()) as { reference: string; companyName: string; documents: unknown[] }[];
  }

  it('submits the pre-check form with four documents, shows the reference, and staff see it in the queue', async () => {
    const company = `Blue Bottle ${randomUUID().slice(0, 6)} Ltd`;
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/merchant-application/form`);
    await page.getByRole('heading', { name: 'Merchant Application' }).waitFor();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Operating country is required').waitFor();
    await page.getByText('USDT settlement address is required').waitFor();

    await fillPrecheck(page, company);

    await page.setInputFiles('#file-passportId', { name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.setInputFiles('#file-proofOfResidence', { name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.setInputFiles('#file-bankStatements', { name: 'statements.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.setInputFiles('#file-directorSignature', { name: 'signature.png', mimeType: 'image/png', buffer: PNG });

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL(/\/merchant-application\/success/);
    await page.getByRole('heading', { name: 'Application Submitted Successfully' }).waitFor();
    const reference = (await page.getByTestId('application-reference').textContent())?.trim() ?? '';
    assert.match(reference, /^APP-[A-Z0-9]{6}$/);

    const [queued] = await staffQueue(company);
    assert.equal(queued?.reference, reference);
    assert.equal(queued?.documents.length, 4);
    await page.close();
  });

  it("refuses a document that is only named .pdf with the server's message, and records nothing", async () => {
    const company = `Fake Pdf ${randomUUID().slice(0, 6)} Ltd`;
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/merchant-application/form`);
    await fillPrecheck(page, company);
    await page.setInputFiles('#file-passportId', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text pretending') });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Submission Failed').waitFor();
    await page.getByText('Only PDF, JPG and PNG files are accepted').first().waitFor();
    assert.match(page.url(), /\/merchant-application\/form$/);
    assert.deepEqual(await staffQueue(company), []);
    // A reload keeps the typed answers, not the files: the applicant chooses the document again and sends.
    // The page is prerendered without the draft: it hydrates cleanly (no React error #418), then shows it.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Files cannot be kept: choose your documents again.' }).waitFor();
    assert.equal(await textbox(page, 'Company Name').inputValue(), company);
    assert.equal(await page.getByRole('combobox', { name: 'Operating Country', exact: true }).inputValue(), 'United Kingdom');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('submits the long form for real and replaces it with the Application Submitted view', async () => {
    const company = `Long Form ${randomUUID().slice(0, 6)} Ltd`;
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/merchant-application`);
    await page.getByRole('heading', { name: 'Apply as a Merchant' }).waitFor();
    const values: Record<string, string> = {
      'Company Name': company,
      'Legal Name': `${company} Limited`,
      'Country of Incorporation': 'United Kingdom',
      'Registration Number': '87654321',
      Website: 'https://longform.example',
      'Business Description': 'Subscription boxes of stationery.',
      'Year Established': '2019',
      'First Name': 'Grace',
      'Last Name': 'Hopper',
      Email: `grace-${randomUUID().slice(0, 6)}@longform.example`,
      Phone: '+44 20 7946 0001',
      'Job Title': 'Director',
      'Address Line 1': '10 Market Square',
      City: 'Leeds',
      'State / County': 'West Yorkshire',
      'Postal Code': 'LS1 1AA',
      Country: 'United Kingdom',
    };
    for (const [label, value] of Object.entries(values)) await textbox(page, label).fill(value);
    await choose(page, 'Business Type', 'Limited company');
    await choose(page, 'Number of Employees', '11-50');
    await choose(page, 'Annual Revenue', '£100k-500k');
    await choose(page, 'Industry', 'E-commerce');
    await choose(page, 'Monthly Volume', '£10k-50k');
    await choose(page, 'Average Transaction Value', '£50-100');
    await choose(page, 'Chargeback Rate', '0-1%');
    await choose(page, 'Refund Rate', '0-5%');
    await choose(page, 'How did you find us?', 'Referral');
    await page.getByRole('checkbox', { name: 'Visa' }).check();
    await page.getByRole('checkbox', { name: 'United Kingdom' }).check();

    await page.getByRole('checkbox', { name: 'We have had a merchant account terminated before' }).check();
    await textbox(page, 'Termination Details').fill('Previous processor closed all crypto-adjacent accounts in 2021.');
    await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('You must agree to the privacy policy').waitFor();
    await page.getByRole('checkbox', { name: 'I agree to the privacy policy' }).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await page.getByRole('heading', { name: 'Application Submitted' }).waitFor();
    const reference = (await page.getByTestId('application-reference').textContent())?.trim();
    const [queued] = await staffQueue(company);
    assert.equal(queued?.reference, reference);
    await page.close();
  });

  it('has no serious accessibility violations on the pre-check form', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/merchant-application/form`);
    await page.getByRole('heading', { name: 'Merchant Application' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), []);
    await page.close();
  });

  for (const { path, heading } of [
    { path: '/merchant-application/form', heading: 'Merchant Application' },
    { path: '/merchant-application', heading: 'Apply as a Merchant' },
  ]) {
    it(`on a 320 px screen every label of ${path} reads whole`, async () => {
      const page = await app.browser.newPage({ viewport: { width: 320, height: 800 } });
      await page.goto(`${app.server.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // "USDT Settlement Address (Tron n…" lost its end and its required star; at 320 px (WCAG's reflow
      // width) so did "Shareholder Street Address Line 2 (…", "How did you hear about u…" and "Additional Information (op…".
      const cut = await page.locator('form label').evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
      assert.deepEqual(cut, []);
      await page.close();
    });
  }
});
