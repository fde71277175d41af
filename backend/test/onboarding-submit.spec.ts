import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ConfirmationMailReactor } from '../src/onboarding/confirmation-mail/confirmation-mail.reactor.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import type { TestApp } from './support/app.js';
import { bearer, createStaff } from './support/auth.js';
import { createOnboardingApp, eventually, JPEG, longForm, multipart, PDF, PNG, precheckFields, storedFiles, submitPrecheck } from './support/onboarding.js';
import { present } from './support/present.js';

const TEN_MB = 10 * 1024 * 1024;

describe('onboarding: submitting applications', () => {
  let t: TestApp & { documentsDir: string };
  let staff: string;
  let db: DataSource;
  beforeAll(async () => {
    t = await createOnboardingApp();
    staff = (await createStaff(t)).token;
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const countSubmitted = async () => ((await db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM events WHERE type = 'ApplicationSubmitted'`)))[0].n;
  /** Nothing recorded: no new event, no stored or staged file. */
  async function expectNothingRecorded(before: { events: number; stored: string[] }) {
    expect(await countSubmitted()).toBe(before.events);
    expect(await storedFiles(t.documentsDir)).toEqual({ stored: before.stored, staged: [] });
  }
  const snapshot = async () => ({ events: await countSubmitted(), stored: (await storedFiles(t.documentsDir)).stored });

  it('accepts the pre-check form with documents: 201, a short reference, the event without bytes, files by hash', async () => {
    const fields = precheckFields();
    const res = await submitPrecheck(t, fields, [
      { field: 'passportId', filename: 'passport.pdf', contentType: 'application/pdf', content: PDF },
      { field: 'proofOfResidence', filename: 'bill.png', contentType: 'image/png', content: PNG },
      { field: 'directorSignature', filename: 'signature.jpg', contentType: 'image/jpeg', content: JPEG },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), reference: expect.stringMatching(/^APP-[2-9A-HJKMNP-Z]{6}$/), status: 'pending', createdAt: expect.any(String) });

    const event = present((await t.app.get(EventStore).readStream(`application-${body.id}`))[0], 'the ApplicationSubmitted event');
    expect(event).toMatchObject({ type: 'ApplicationSubmitted', metadata: { actor: { type: 'user', id: 'anonymous' } } });
    const data = event.data as { formType: string; fields: Record<string, unknown>; documents: { field: string; type: string; sha256: string }[]; reference: string };
    expect(data).toMatchObject({ formType: 'precheck', reference: body.reference, fields: { ...fields, ownershipPercent: 75, targetMarketsEU: 25 } });
    expect(data.documents.map((d) => [d.field, d.type])).toEqual([
      ['passportId', 'application/pdf'],
      ['proofOfResidence', 'image/png'],
      ['directorSignature', 'image/jpeg'],
    ]);
    expect(JSON.stringify(event.data)).not.toContain(PNG.toString('base64').slice(0, 20));
    const passport = present(data.documents[0], 'the passport document');
    expect(await readFile(join(t.documentsDir, passport.sha256))).toEqual(PDF);

    const detail = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${body.id}`, headers: bearer(staff) });
    expect(detail.json()).toMatchObject({ ...fields, id: body.id, status: 'pending', formType: 'precheck', ownershipPercent: 75, targetMarketsEU: 25, reviewNotes: null, version: 0 });
    expect(detail.json().documents[0]).toEqual({ field: 'passportId', name: 'passport.pdf', type: 'application/pdf', size: PDF.length, sha256: passport.sha256 });
  });

  it('treats documents as optional, including the empty part a browser sends for an empty file input', async () => {
    const res = await submitPrecheck(t, precheckFields(), [{ field: 'bankStatements', filename: '', content: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(201);
    const detail = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${res.json().id}`, headers: bearer(staff) });
    expect(detail.json().documents).toEqual([]);
  });

  it('applies the slider defaults: ownership 100, EU target 0', async () => {
    const { ownershipPercent: _o, targetMarketsEU: _t, ...fields } = precheckFields();
    const res = await submitPrecheck(t, fields);
    const detail = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${res.json().id}`, headers: bearer(staff) });
    expect(detail.json()).toMatchObject({ ownershipPercent: 100, targetMarketsEU: 0 });
  });

  it.each([
    ['operatingCountry', '', 'Operating country is required'],
    ['operatingCountry', 'Mars', 'Operating country must be one of the listed countries'],
    ['companyName', '', 'Company name is required'],
    ['companyType', '', 'Company type is required'],
    ['companyType', 'Cartel', 'Company type must be one of the listed types'],
    ['street', '  ', 'Street address is required'],
    ['city', '', 'City is required'],
    ['stateProvince', '', 'State/Province is required'],
    ['postalCode', '', 'Postal code is required'],
    ['addressCountry', '', 'Country is required'],
    ['registrationNumber', '', 'Registration number is required'],
    ['incorporationDate', '', 'Incorporation date is required'],
    ['incorporationDate', '2020-02-31', 'Incorporation date must be a valid date (YYYY-MM-DD)'],
    ['vatTaxNumber', '', 'VAT/Tax number is required'],
    ['primaryEmail', 'ops-at-acme', 'Valid email is required'],
    ['phoneNumber', '', 'Phone number is required'],
    ['shareholderFirstName', '', 'Shareholder first name is required'],
    ['shareholderLastName', '', 'Shareholder last name is required'],
    ['shareholderStreet', '', 'Shareholder street address is required'],
    ['shareholderCity', '', 'Shareholder city is required'],
    ['shareholderStateProvince', '', 'Shareholder state/province is required'],
    ['shareholderPostalCode', '', 'Shareholder postal code is required'],
    ['shareholderEmail', 'grace@', 'Valid shareholder email is required'],
    ['technicalContactEmail', '', 'Valid technical contact email is required'],
    ['website', 'acme dot com', 'Valid website URL is required'],
    ['companyDescription', 'Anvils.', 'Company description must be at least 10 characters'],
    ['ownershipPercent', '0', 'Ownership percentage must be a whole number from 1 to 100'],
    ['ownershipPercent', '50.5', 'Ownership percentage must be a whole number from 1 to 100'],
    ['ownershipPercent', 'lots', 'Ownership percentage must be a whole number from 1 to 100'],
    // Number() reads these as 16, 100 and 3: decimal digits only.
    ['ownershipPercent', '0x10', 'Ownership percentage must be a whole number from 1 to 100'],
    ['ownershipPercent', '1e2', 'Ownership percentage must be a whole number from 1 to 100'],
    ['targetMarketsEU', '0b11', 'EU target market share must be a number from 0 to 100'],
    ['targetMarketsEU', '101', 'EU target market share must be a number from 0 to 100'],
    ['settlementDetails', '', 'USDT settlement address is required'],
  ])('rejects %s = %j with "%s", recording nothing', async (field, value, message) => {
    const before = await snapshot();
    const res = await submitPrecheck(t, precheckFields({ [field]: value }), [{ field: 'passportId', filename: 'p.pdf', content: PDF }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message, errors: [{ field, message }] });
    await expectNothingRecorded(before);
  });

  it('reports every problem at once, including a missing field', async () => {
    const { companyName: _c, ...fields } = precheckFields({ primaryEmail: 'x' });
    const res = await submitPrecheck(t, fields);
    expect(res.json().errors).toEqual([
      { field: 'companyName', message: 'Company name is required' },
      { field: 'primaryEmail', message: 'Valid email is required' },
    ]);
  });

  it('checks documents by content: a text file named .pdf is refused, and the valid file beside it is not kept', async () => {
    const before = await snapshot();
    const res = await submitPrecheck(t, precheckFields(), [
      { field: 'passportId', filename: 'passport.pdf', contentType: 'application/pdf', content: Buffer.from('just some text pretending to be a PDF') },
      { field: 'bankStatements', filename: 'statement.png', contentType: 'image/png', content: PNG },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'passportId', message: 'Only PDF, JPG and PNG files are accepted' }]);
    await expectNothingRecorded(before);
  });

  it('refuses other real file types (a GIF) and unknown file fields', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const res = await submitPrecheck(t, precheckFields(), [
      { field: 'directorSignature', filename: 'sig.png', content: gif },
      { field: 'selfie', filename: 'me.png', content: PNG },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'directorSignature', message: 'Only PDF, JPG and PNG files are accepted' },
      { field: 'selfie', message: 'Unknown document field; send files as passportId, proofOfResidence, bankStatements, directorSignature' },
    ]);
  });

  it('refuses a file over 10 MB with a message for that field (400, not 500), keeping nothing', async () => {
    const before = await snapshot();
    const big = Buffer.concat([PDF, Buffer.alloc(TEN_MB + 1 - PDF.length, 0x20)]);
    const res = await submitPrecheck(t, precheckFields(), [
      { field: 'bankStatements', filename: 'statements.pdf', content: big },
      { field: 'passportId', filename: 'passport.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'bankStatements', message: 'File must be at most 10 MB' }]);
    await expectNothingRecorded(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(TEN_MB - PDF.length, 0x20)]);
    const res = await submitPrecheck(t, precheckFields(), [{ field: 'bankStatements', filename: 'statements.pdf', content: exact }]);
    expect(res.statusCode).toBe(201);
  });

  it('answers client mistakes in the envelope with 4xx: too many files, a broken body, a second copy of a document', async () => {
    const five = ['passportId', 'proofOfResidence', 'bankStatements', 'directorSignature', 'passportId'].map((field) => ({ field, filename: 'a.pdf', content: PDF }));
    const tooMany = await submitPrecheck(t, precheckFields(), five);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([413, 'Send at most 4 files']);

    const { payload, headers } = multipart(precheckFields(), [{ field: 'passportId', filename: 'a.pdf', content: PDF }]);
    const broken = await t.request({ method: 'POST', url: '/api/merchant-applications', headers, payload: payload.subarray(0, payload.length - 60) });
    expect(broken.statusCode).toBe(400);

    const twice = await submitPrecheck(t, precheckFields(), [
      { field: 'passportId', filename: 'a.pdf', content: PDF },
      { field: 'passportId', filename: 'b.png', content: PNG },
    ]);
    expect(twice.json().errors).toEqual([{ field: 'passportId', message: 'Send one file per document' }]);
    expect((await storedFiles(t.documentsDir)).staged).toEqual([]);

    const form = await t.request({ method: 'POST', url: '/api/merchant-applications', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
    expect(form.statusCode).toBe(415);
  });

  it('accepts the long form as JSON: the same event type with formType long', async () => {
    const form = longForm({ hasBeenTerminated: true, terminationDetails: 'A previous acquirer closed us in 2019 over volume caps.' });
    const res = await t.request({ method: 'POST', url: '/api/merchant-applications', payload: form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', reference: expect.stringMatching(/^APP-/) });
    const [event] = await t.app.get(EventStore).readStream(`application-${res.json().id}`);
    const { formType: _f, ...fields } = form;
    expect(event).toMatchObject({ type: 'ApplicationSubmitted', data: { formType: 'long', fields, documents: [] } });
    const detail = await t.request({ method: 'GET', url: `/api/admin/merchant-applications/${res.json().id}`, headers: bearer(staff) });
    expect(detail.json()).toMatchObject({ formType: 'long', contactName: 'Ada Lovelace', contactEmail: form.email, terminationDetails: form.terminationDetails });
  });

  it.each([
    ['companyName', 'A', 'Company name must be at least 2 characters'],
    ['legalName', '', 'Legal name is required'],
    ['incorporationCountry', 'G', 'Country is required'],
    ['registrationNumber', '', 'Registration number is required'],
    ['website', 'longform', 'Please enter a valid website URL'],
    ['businessDescription', 'Tea.', 'Please provide a detailed business description'],
    ['firstName', 'A', 'First name must be at least 2 characters'],
    ['lastName', 'L', 'Last name must be at least 2 characters'],
    ['email', 'ada@', 'Please enter a valid email address'],
    ['phone', '12345', 'Phone number is required'],
    ['jobTitle', 'C', 'Job title must be at least 2 characters'],
    ['addressLine1', '10 D', 'Address must be at least 5 characters'],
    ['city', 'L', 'City must be at least 2 characters'],
    ['state', 'L', 'State must be at least 2 characters'],
    ['postalCode', 'SW', 'Postal code must be at least 3 characters'],
    ['country', '', 'Country is required'],
    ['yearEstablished', '15', 'Year established must be at least 4 characters'],
    ['paymentMethods', [], 'Select at least one payment method'],
    ['processingCountries', [], 'Select at least one processing country'],
    ['agreeToTerms', false, 'You must agree to the terms and conditions'],
    ['agreeToPrivacy', false, 'You must agree to the privacy policy'],
    ['businessType', 'cartel', 'Select a business type from the list'],
    ['industryType', 'casino', 'Select an industry type from the list'],
    ['monthlyVolume', '', 'Monthly volume is required'],
    ['chargebackRate', '50%', 'Select a chargeback rate from the list'],
    ['howDidYouHear', 'tv', 'Select an option from the list'],
  ])('rejects a long form with %s = %j: "%s"', async (field, value, message) => {
    const before = await countSubmitted();
    const res = await t.request({ method: 'POST', url: '/api/merchant-applications', payload: { ...longForm(), [field]: value } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
    expect(await countSubmitted()).toBe(before);
  });

  it('keeps each selected option once, however often it is sent', async () => {
    const res = await t.request({ method: 'POST', url: '/api/merchant-applications', payload: { ...longForm(), paymentMethods: [...Array<string>(10_000).fill('visa'), 'amex', 'visa'], processingCountries: ['GB', 'GB'] } });
    expect(res.statusCode).toBe(201);
    const [event] = await t.app.get(EventStore).readStream(`application-${res.json().id}`);
    expect(event?.data).toMatchObject({ fields: { paymentMethods: ['visa', 'amex'], processingCountries: ['GB'] } });
  });

  it('rejects a payment method outside the list at its index, and malformed JSON with 400', async () => {
    const res = await t.request({ method: 'POST', url: '/api/merchant-applications', payload: { ...longForm(), paymentMethods: ['visa', 'cheque'] } });
    expect(res.json().errors).toEqual([{ field: 'paymentMethods.1', message: 'Select payment methods from the list' }]);
    const bad = await t.request({ method: 'POST', url: '/api/merchant-applications', headers: { 'content-type': 'application/json' }, payload: '{"formType":' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Malformed JSON body']);
  });

  it('sends one confirmation e-mail with the reference to the primary e-mail, even if the event is handled again', async () => {
    const fields = precheckFields();
    const { id, reference } = (await submitPrecheck(t, fields)).json();
    const mails = async () => (await db.query<{ to: string; subject: string; body: string }[]>(`SELECT "to", subject, body FROM mail_outbox WHERE body LIKE $1`, [`%${reference}%`]));
    await eventually(async () => (await mails()).length > 0);
    expect(await mails()).toEqual([{ to: fields.primaryEmail.toLowerCase(), subject: `We received your Tallyline application (${reference})`, body: expect.stringContaining(`Your application reference is ${reference}.`) }]);

    const event = present((await t.app.get(EventStore).readStream(`application-${id}`))[0], 'the ApplicationSubmitted event');
    await db.transaction((manager) => t.app.get(ConfirmationMailReactor).handle(event, manager));
    expect(await mails()).toHaveLength(1);

    const long = longForm();
    const longRes = (await t.request({ method: 'POST', url: '/api/merchant-applications', payload: long })).json();
    await eventually(async () => ((await db.query<unknown[]>(`SELECT 1 FROM mail_outbox WHERE "to" = $1`, [long.email]))).length > 0);
    const [longMail] = (await db.query<{ body: string }[]>(`SELECT body FROM mail_outbox WHERE "to" = $1`, [long.email]));
    expect(longMail?.body).toContain(longRes.reference);
  });
});
