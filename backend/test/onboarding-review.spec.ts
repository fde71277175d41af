import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { DecisionMailReactor } from '../src/onboarding/decision-mail/decision-mail.reactor.js';
import { EventStore } from '../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../src/platform/projections/processor-runner.js';
import type { TestApp } from './support/app.js';
import { bearer, createStaff, registerMerchant } from './support/auth.js';
import { createApplication, createOnboardingApp, eventually, multipart, PDF, PNG, precheckFields } from './support/onboarding.js';

const withHeaders = (request: ReturnType<typeof multipart>, headers: Record<string, string>) => ({ ...request, headers: { ...request.headers, ...headers } });
import { present } from './support/present.js';

describe('onboarding: the staff review queue', () => {
  let t: TestApp;
  let staff: { token: string; email: string };
  let merchantToken: string;
  beforeAll(async () => {
    t = await createOnboardingApp();
    staff = await createStaff(t);
    merchantToken = (await registerMerchant(t)).token;
  });
  afterAll(() => t.close());

  const admin = (url: string) => t.request({ method: 'GET', url, headers: bearer(staff.token) });
  const list = (params: Record<string, string> = {}) => admin(`/api/admin/merchant-applications?${new URLSearchParams(params).toString()}`);
  const patch = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url: `/api/admin/merchant-applications/${id}/status`, headers: { ...bearer(staff.token), ...headers }, payload: payload as object });

  describe('listing', () => {
    let ids: string[];
    beforeAll(async () => {
      await t.request({ method: 'POST', url: '/api/merchant-applications', payload: {} }); // invalid: records nothing
      const zed = await createApplication(t, { companyName: 'Zed Zinc plc', shareholderFirstName: 'Quentin' });
      const alpha = await createApplication(t, { companyName: 'Alpha Anvils' });
      const mid = await createApplication(t, { companyName: 'Mid Metals', primaryEmail: 'Money@Mid-Metals.test' });
      ids = [zed.id, alpha.id, mid.id];
      await patch(alpha.id, { status: 'approved' });
    });

    it('answers everything, newest first, with Content-Range exposed to the browser', async () => {
      const res = await t.request({ method: 'GET', url: '/api/admin/merchant-applications', headers: { ...bearer(staff.token), origin: 'http://localhost:5173' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((a: { id: string }) => a.id)).toEqual([...ids].reverse());
      expect(res.headers['content-range']).toBe('applications 0-2/3');
      expect(String(res.headers['access-control-expose-headers'])).toContain('Content-Range');
    });

    it('pages with range and sorts by company name, status or creation time', async () => {
      const page = await list({ sort: '["companyName","ASC"]', range: '[1,1]' });
      expect(page.json().map((a: { companyName: string }) => a.companyName)).toEqual(['Mid Metals']);
      expect(page.headers['content-range']).toBe('applications 1-1/3');
      const byName = await list({ sort: '["companyName","DESC"]' });
      expect(byName.json().map((a: { companyName: string }) => a.companyName)).toEqual(['Zed Zinc plc', 'Mid Metals', 'Alpha Anvils']);
      const byStatus = await list({ sort: '["status","ASC"]', range: '[0,0]' });
      expect(byStatus.json()[0].status).toBe('approved');
      const oldest = await list({ sort: '["createdAt","ASC"]' });
      expect(oldest.json()[0].id).toBe(ids[0]);
      const beyond = await list({ range: '[10,19]' });
      expect([beyond.json(), beyond.headers['content-range']]).toEqual([[], 'applications */3']);
    });

    it('filters by q (any case, over company, contact names and e-mails) and by status', async () => {
      const q = async (filter: object) => (await list({ filter: JSON.stringify(filter) })).json().map((a: { companyName: string }) => a.companyName);
      expect(await q({ q: 'ANVIL' })).toEqual(['Alpha Anvils']);
      expect(await q({ q: 'quentin' })).toEqual(['Zed Zinc plc']);
      expect(await q({ q: 'money@mid' })).toEqual(['Mid Metals']);
      expect(await q({ q: 'hopper' })).toHaveLength(3);
      expect(await q({ q: '100%_' })).toEqual([]);
      expect(await q({ status: 'approved' })).toEqual(['Alpha Anvils']);
      // With a space: no reference (which q matches too) can hold it, as a lone letter could.
      expect(await q({ status: ['pending'], q: 'zed z' })).toEqual(['Zed Zinc plc']);
      expect(await q({ id: [ids[1], 'not-a-uuid'] })).toEqual(['Alpha Anvils']);
      const total = await list({ filter: '{"status":"pending"}', range: '[0,0]' });
      expect(total.headers['content-range']).toBe('applications 0-0/2');
    });

    it('finds an application by the reference its applicant was given, in any case', async () => {
      const mid = (await admin(`/api/admin/merchant-applications/${ids[2]}`)).json<{ reference: string }>();
      const q = async (text: string) => (await list({ filter: JSON.stringify({ q: text }) })).json().map((a: { companyName: string }) => a.companyName);
      expect(await q(mid.reference)).toEqual(['Mid Metals']);
      expect(await q(` ${mid.reference.toLowerCase()} `)).toEqual(['Mid Metals']);
    });

    it('finds a name whether or not the search has its accents: Cafe finds Café, Jose finds José', async () => {
      await createApplication(t, { companyName: 'Café Ltd', shareholderFirstName: 'José' });
      const q = async (text: string) => (await list({ filter: JSON.stringify({ q: text }) })).json().map((a: { companyName: string }) => a.companyName);
      expect(await q('Cafe')).toEqual(['Café Ltd']);
      expect(await q('CAFÉ')).toEqual(['Café Ltd']);
      expect(await q('jose')).toEqual(['Café Ltd']);
      expect(await q('Josè')).toEqual(['Café Ltd']);
    });

    it('sorts company names as people read them: case and accents do not put Élan after Zeta', async () => {
      const named = await Promise.all(['Zeta', 'Élan', 'alpha', 'Beta'].map((companyName) => createApplication(t, { companyName })));
      const sorted = async (order: string) =>
        (await list({ sort: JSON.stringify(['companyName', order]), filter: JSON.stringify({ id: named.map((a) => a.id) }) })).json().map((a: { companyName: string }) => a.companyName);
      expect(await sorted('ASC')).toEqual(['alpha', 'Beta', 'Élan', 'Zeta']);
      expect(await sorted('DESC')).toEqual(['Zeta', 'Élan', 'Beta', 'alpha']);
    });

    it.each([
      [{ sort: 'createdAt' }, 'sort'],
      [{ sort: '["createdAt"]' }, 'sort'],
      [{ sort: '["password","ASC"]' }, 'sort'],
      [{ sort: '["createdAt","SIDEWAYS"]' }, 'sort'],
      [{ range: '[0' }, 'range'],
      [{ range: '[5,1]' }, 'range'],
      [{ range: '[-1,4]' }, 'range'],
      [{ range: '[0,5000]' }, 'range'],
      [{ filter: '{"q":' }, 'filter'],
      [{ filter: '["q"]' }, 'filter'],
      [{ filter: '{"owner":"me"}' }, 'filter.owner'],
      [{ filter: '{"status":"lost"}' }, 'filter.status'],
      [{ filter: '{"q":42}' }, 'filter.q'],
    ])('answers 400 for %j', async (params, field) => {
      const res = await list(params);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    });

    it('answers 400 when a parameter is given twice', async () => {
      expect((await admin('/api/admin/merchant-applications?sort=["status","ASC"]&sort=["status","DESC"]')).statusCode).toBe(400);
    });
  });

  it('shows one application with its version as ETag; unknown or malformed ids are 404', async () => {
    const { id, reference } = await createApplication(t);
    const res = await admin(`/api/admin/merchant-applications/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    expect(res.json()).toMatchObject({ id, reference, version: 0, status: 'pending', createdAt: expect.any(String), updatedAt: expect.any(String) });
    for (const bad of ['3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', 'nope', "1' OR '1'='1"]) {
      expect((await admin(`/api/admin/merchant-applications/${encodeURIComponent(bad)}`)).statusCode).toBe(404);
    }
  });

  it('applies the review rules: under review only from pending; approve and reject from anywhere; never back to pending', async () => {
    const { id } = await createApplication(t);
    const steps: [string, number][] = [
      ['pending', 409],
      ['under_review', 200],
      ['under_review', 409],
      ['approved', 200],
      ['approved', 200],
      ['under_review', 409],
      ['rejected', 200],
      ['pending', 409],
      ['approved', 200],
    ];
    for (const [status, code] of steps) {
      const res = await patch(id, { status, reviewNotes: `to ${status}` });
      expect([status, res.statusCode]).toEqual([status, code]);
      if (code === 200) expect(res.json()).toMatchObject({ id, status, reviewNotes: `to ${status}` });
    }
    const final = (await admin(`/api/admin/merchant-applications/${id}`)).json();
    expect(final).toMatchObject({ status: 'approved', version: 5 });
    const conflict = await patch(id, { status: 'under_review' });
    expect(conflict.json().message).toBe('Only a pending application can be set under review');
  });

  it('keeps the notes when a decision comes without any, and validates the body', async () => {
    const { id } = await createApplication(t);
    await patch(id, { status: 'under_review', reviewNotes: 'Waiting for the bank statement' });
    expect((await patch(id, { status: 'approved' })).json().reviewNotes).toBe('Waiting for the bank statement');
    expect((await patch(id, { status: 'rejected', reviewNotes: '' })).json().reviewNotes).toBeNull();
    const unknown = await patch(id, { status: 'maybe' });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([400, [{ field: 'status', message: 'Status must be one of pending, under_review, approved, rejected' }]]);
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { status: 'approved', reviewNotes: 5 })).statusCode).toBe(400);
    const misspelt = await patch(id, { status: 'approved', reviewNote: 'Documents verified' });
    expect([misspelt.statusCode, misspelt.json().errors]).toEqual([400, [{ field: 'reviewNote', message: 'Unrecognized key: "reviewNote"' }]]);
    expect((await admin(`/api/admin/merchant-applications/${id}`)).json().status).toBe('rejected');
    expect((await patch('3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', { status: 'approved' })).statusCode).toBe(404);
    expect((await patch('nope', { status: 'approved' })).statusCode).toBe(404);
    expect((await patch('3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', { status: 'approved' }, { 'if-match': '"0"' })).statusCode).toBe(404);
  });

  it('refuses notes over 5000 characters with a 400 saying so, never cutting them; exactly 5000 are kept whole, however much space surrounds them', async () => {
    const { id } = await createApplication(t);
    const tooLong = await patch(id, { status: 'under_review', reviewNotes: 'n'.repeat(5001) });
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([400, [{ field: 'reviewNotes', message: 'Review notes must be at most 5000 characters' }]]);
    expect((await admin(`/api/admin/merchant-applications/${id}`)).json()).toMatchObject({ status: 'pending', reviewNotes: null });
    const notes = `${'m'.repeat(4999)}!`;
    // Measured as kept: the spaces and line breaks around them are not notes.
    const kept = await patch(id, { status: 'under_review', reviewNotes: `\n  ${notes}  \n` });
    expect([kept.statusCode, kept.json().reviewNotes]).toEqual([200, notes]);
  });

  it('honours If-Match ("3", 3 or W/"3"): a stale version is 412 and records nothing', async () => {
    const { id } = await createApplication(t);
    const first = await patch(id, { status: 'under_review' }, { 'if-match': '"0"' });
    expect([first.statusCode, first.headers.etag]).toEqual([200, '"1"']);
    const stale = await patch(id, { status: 'approved' }, { 'if-match': '"0"' });
    expect([stale.statusCode, stale.json().message]).toEqual([412, 'This record was changed by someone else. Reload and try again.']);
    expect((await patch(id, { status: 'approved' }, { 'if-match': '1' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'rejected' }, { 'if-match': 'W/"2"' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'approved' }, { 'if-match': '"abc"' })).statusCode).toBe(412);
    expect((await patch(id, { status: 'approved' }, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await admin(`/api/admin/merchant-applications/${id}`)).json().version).toBe(4);
  });

  it('reads the stream once per status change; an unknown application is 404 whatever If-Match says', async () => {
    const { id } = await createApplication(t);
    // The webhook outbox reads the stream too (application.status_changed), on its own time: only the command's reads count here.
    const processors = t.app.get(ProcessorRunner);
    await processors.stop('webhook-outbox');
    const reads = jest.spyOn(t.app.get(EventStore), 'readStream');
    try {
      expect((await patch(id, { status: 'under_review' }, { 'if-match': '0' })).statusCode).toBe(200);
      expect(reads.mock.calls.map(([stream]) => stream)).toEqual([`application-${id}`]);
    } finally {
      reads.mockRestore();
      processors.start(processors.processorNamed('webhook-outbox')!);
    }
    for (const ifMatch of ['0', '7', '"abc"', undefined]) {
      const unknown = await patch('3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4', { status: 'approved' }, ifMatch === undefined ? {} : { 'if-match': ifMatch });
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Application not found']);
    }
  });

  it('tells the story of an application: one entry per event, oldest first, with who did it', async () => {
    const { id, fields } = await createApplication(t);
    await patch(id, { status: 'under_review', reviewNotes: 'Checking the passport' });
    await patch(id, { status: 'approved' });
    const res = await admin(`/api/admin/merchant-applications/${id}/history`);
    expect(res.statusCode).toBe(200);
    const history = res.json<{ position: string; at: string }[]>();
    const staffActor = { id: expect.any(String), email: staff.email, role: 'staff' };
    expect(history).toEqual([
      { position: expect.any(String), type: 'ApplicationSubmitted', at: expect.any(String), actor: { id: 'anonymous', email: fields.primaryEmail.toLowerCase(), role: 'visitor' }, from: null, to: 'pending', reviewNotes: null },
      { position: expect.any(String), type: 'StatusChanged', at: expect.any(String), actor: staffActor, from: 'pending', to: 'under_review', reviewNotes: 'Checking the passport' },
      { position: expect.any(String), type: 'StatusChanged', at: expect.any(String), actor: staffActor, from: 'under_review', to: 'approved', reviewNotes: null },
    ]);
    const positions = history.map((h) => BigInt(h.position));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect((await admin(`/api/admin/merchant-applications/3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4/history`)).statusCode).toBe(404);
  });

  it("a signed-in merchant's application is recorded as theirs (actor, history), a bad token's as a visitor's", async () => {
    const merchant = await registerMerchant(t);
    const fields = precheckFields();
    const signedIn = await t.request({ method: 'POST', url: '/api/merchant-applications', ...withHeaders(multipart(fields), bearer(merchant.token)) });
    expect(signedIn.statusCode).toBe(201);
    const { id } = signedIn.json<{ id: string }>();
    const [submitted] = (await admin(`/api/admin/merchant-applications/${id}/history`)).json<{ actor: unknown }[]>();
    expect(submitted?.actor).toEqual({ id: merchant.user.id, email: merchant.user.email, role: 'merchant' });
    const badToken = await t.request({ method: 'POST', url: '/api/merchant-applications', ...withHeaders(multipart(precheckFields()), bearer('not-a-token')) });
    expect(badToken.statusCode).toBe(201);
    const [anonymous] = (await admin(`/api/admin/merchant-applications/${badToken.json<{ id: string }>().id}/history`)).json<{ actor: { id: string; role: string } }[]>();
    expect(anonymous?.actor).toMatchObject({ id: 'anonymous', role: 'visitor' });
  });

  it('travels in time with asOf: the application as it stood then, folded from its events', async () => {
    const { id } = await createApplication(t);
    await patch(id, { status: 'under_review', reviewNotes: 'first look' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await patch(id, { status: 'rejected', reviewNotes: 'no licence' });
    const [submitted, reviewed, rejected] = (await admin(`/api/admin/merchant-applications/${id}/history`)).json<{ at: string }[]>();
    if (!submitted || !reviewed || !rejected) throw new Error('the history should hold three entries');
    const asOf = (time: string) => admin(`/api/admin/merchant-applications/${id}?asOf=${encodeURIComponent(time)}`);
    expect((await asOf(submitted.at)).json()).toMatchObject({ status: 'pending', version: 0, reviewNotes: null });
    expect((await asOf(reviewed.at)).json()).toMatchObject({ status: 'under_review', version: 1, reviewNotes: 'first look' });
    expect((await asOf(rejected.at)).json()).toMatchObject({ status: 'rejected', version: 2, reviewNotes: 'no licence' });
    expect((await asOf(new Date().toISOString())).json()).toEqual((await admin(`/api/admin/merchant-applications/${id}`)).json());
    const before = await asOf(new Date(Date.parse(submitted.at) - 1000).toISOString());
    expect(before.statusCode).toBe(404);
    for (const bad of ['yesterday', '2026-13-45T00:00:00Z', '2026-02-30T00:00:00Z', '']) expect([bad, (await asOf(bad)).statusCode]).toEqual([bad, bad === '' ? 200 : 400]);
  });

  it('lets only staff download documents, with their detected type and a name we choose', async () => {
    const { id, reference } = await createApplication(t, {}, [
      { field: 'passportId', filename: 'pässport scan.pdf', content: PDF },
      { field: 'bankStatements', filename: 'march.png', content: PNG },
    ]);
    const url = `/api/admin/merchant-applications/${id}/documents/passportId`;
    const res = await admin(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${reference}-passportId.pdf"`);
    expect((await admin(`/api/admin/merchant-applications/${id}/documents/bankStatements`)).headers['content-type']).toBe('image/png');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, headers: bearer(merchantToken) })).statusCode).toBe(403);
    expect((await admin(`/api/admin/merchant-applications/${id}/documents/proofOfResidence`)).statusCode).toBe(404);
    expect((await admin(`/api/admin/merchant-applications/${id}/documents/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
    expect((await admin(`/api/admin/merchant-applications/3f1c3a9e-2a8e-4d4f-9b43-4a4fb1c2d3e4/documents/passportId`)).statusCode).toBe(404);
  });

  it('answers concurrent decisions on one version with one 200 and only 412s, never 409', async () => {
    const { id } = await createApplication(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => patch(id, { status: 'under_review' }, { 'if-match': '"0"' })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    expect(new Set(answers.filter((res) => res.statusCode === 412).map((res) => res.json().message))).toEqual(new Set(['This record was changed by someone else. Reload and try again.']));
  });

  it('tells the applicant the decision by e-mail, once, without the review notes; under review sends nothing', async () => {
    const db = t.app.get(DataSource);
    const mails = async (to: string) => db.query<{ subject: string; body: string }[]>(`SELECT subject, body FROM mail_outbox WHERE "to" = $1 AND starts_with(dedupe_key, 'application-decision:') ORDER BY created_at`, [to]);
    const approved = await createApplication(t, { companyName: 'Yes Yarns', primaryEmail: 'Owner@Yes-Yarns.test' });
    const rejected = await createApplication(t, { companyName: 'No Nails', primaryEmail: 'owner@no-nails.test' });
    await patch(approved.id, { status: 'under_review', reviewNotes: 'checking the directors' });
    await patch(approved.id, { status: 'approved', reviewNotes: 'internal: all fine' });
    await patch(rejected.id, { status: 'rejected', reviewNotes: 'internal: sanctions hit' });
    expect(await eventually(async () => (await mails('owner@yes-yarns.test')).length > 0 && (await mails('owner@no-nails.test')).length > 0)).toBe(true);
    const [yes] = await mails('owner@yes-yarns.test');
    expect(yes?.subject).toBe(`Your Tallyline application is approved (${approved.reference})`);
    expect(yes?.body).toContain('Good news: the application of Yes Yarns');
    expect(yes?.body).toContain(`${t.config.publicUrl}/merchant-register`);
    const [no] = await mails('owner@no-nails.test');
    expect([no?.subject, no?.body]).toEqual([`Your Tallyline application (${rejected.reference})`, expect.stringContaining('are unable to approve it')]);
    for (const mail of [yes, no]) expect(mail?.body).not.toContain('internal');

    // The decision handled again (a batch redone after a crash) sends nothing more.
    const decision = present((await t.app.get(EventStore).readStream(`application-${approved.id}`)).at(-1), 'the approval');
    await db.transaction((manager) => t.app.get(DecisionMailReactor).handle(decision, manager));
    expect(await mails('owner@yes-yarns.test')).toHaveLength(1);
  });

  it('serves every staff endpoint to staff only: 401 anonymous, 403 merchant', async () => {
    const { id } = await createApplication(t);
    const endpoints: { method: 'GET' | 'PATCH'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/admin/merchant-applications' },
      { method: 'GET', url: `/api/admin/merchant-applications/${id}` },
      { method: 'GET', url: `/api/admin/merchant-applications/${id}?asOf=2030-01-01T00:00:00Z` },
      { method: 'GET', url: `/api/admin/merchant-applications/${id}/history` },
      { method: 'GET', url: `/api/admin/merchant-applications/${id}/documents/passportId` },
      { method: 'PATCH', url: `/api/admin/merchant-applications/${id}/status`, payload: { status: 'approved' } },
      { method: 'GET', url: '/api/admin/events' },
      { method: 'GET', url: '/api/admin/events/export' },
      { method: 'GET', url: '/api/admin/merchants' },
      { method: 'GET', url: `/api/admin/merchants/${id}` },
    ];
    for (const endpoint of endpoints) {
      const anonymous = await t.request(endpoint);
      const merchant = await t.request({ ...endpoint, headers: bearer(merchantToken) });
      expect([endpoint.url, anonymous.statusCode, merchant.statusCode]).toEqual([endpoint.url, 401, 403]);
    }
    expect((await admin(`/api/admin/merchant-applications/${id}`)).json().status).toBe('pending');
  });
});
