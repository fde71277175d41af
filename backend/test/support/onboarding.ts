import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LongApplicationInput } from '@tallyline/contracts';
import { createTestApp, type TestApp } from './app.js';
import { samplePrecheckApplication } from '@tallyline/contracts';

/** Polls until `check` holds (reactors run after the command has answered), for up to 15 s on a busy machine. */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 300 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

/** A test app whose uploaded documents go to a fresh temporary DATA_DIR, removed when the app closes. */
export async function createOnboardingApp(): Promise<TestApp & { documentsDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tallyline-onboarding-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const close = t.close.bind(t);
  return Object.assign(t, {
    documentsDir: join(dataDir, 'documents'),
    async close() {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}

/** Stored documents (named by sha256) and uploads still staged. */
export async function storedFiles(documentsDir: string): Promise<{ stored: string[]; staged: string[] }> {
  const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
  return { stored: (await list(documentsDir)).filter((name) => /^[0-9a-f]{64}$/.test(name)), staged: await list(join(documentsDir, '.staging')) };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

export function precheckFields(overrides: Record<string, string> = {}) {
  return { ...samplePrecheckApplication(randomUUID().slice(0, 8)), ...overrides };
}

export function longForm(overrides: Partial<LongApplicationInput> = {}): LongApplicationInput {
  const unique = randomUUID().slice(0, 8);
  return {
    formType: 'long',
    companyName: `Longform ${unique}`,
    legalName: `Longform ${unique} Limited`,
    incorporationCountry: 'GB',
    registrationNumber: '87654321',
    website: 'https://longform.example',
    businessDescription: 'Subscription boxes of artisanal teas for offices.',
    businessType: 'limited_company',
    yearEstablished: '2015',
    numberOfEmployees: '11-50',
    annualRevenue: '1m-5m',
    industryType: 'ecommerce',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${unique}@longform.test`,
    phone: '+44 20 7946 0001',
    jobTitle: 'CEO',
    addressLine1: '10 Downing Street',
    city: 'London',
    state: 'London',
    postalCode: 'SW1A 2AA',
    country: 'GB',
    monthlyVolume: '50k-100k',
    averageTransactionValue: '50-100',
    paymentMethods: ['visa', 'mastercard'],
    processingCountries: ['GB', 'EU'],
    chargebackRate: '0-1%',
    refundRate: '0-5%',
    hasBeenTerminated: false,
    pciCompliant: true,
    dataProtectionCompliant: true,
    antiMoneyLaunderingCompliant: true,
    howDidYouHear: 'google',
    agreeToTerms: true,
    agreeToPrivacy: true,
    ...overrides,
  };
}

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tallyline${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function submitPrecheck(t: TestApp, fields: Record<string, string> = precheckFields(), files: FilePart[] = []) {
  return t.request({ method: 'POST', url: '/api/merchant-applications', ...multipart(fields, files) });
}

/** Submits a valid pre-check application and returns its id and the fields sent. */
export async function createApplication(t: TestApp, overrides: Record<string, string> = {}, files: FilePart[] = []) {
  const fields = precheckFields(overrides);
  const res = await submitPrecheck(t, fields, files);
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json<{ id: string; reference: string; createdAt: string }>()), fields };
}
