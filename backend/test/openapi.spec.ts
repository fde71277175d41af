import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestApp } from './support/app.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * The served OpenAPI document is what integrators generate clients from: it must be valid, lint clean,
 * and good enough for a generated client to type-check. That the answers it states are true is checked
 * in openapi-answers.spec.ts and openapi-staff-answers.spec.ts.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Record<string, unknown>;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.request({ method: 'GET', url: '/api/documentation-json' })).json();
    dir = await mkdtemp(join(tmpdir(), 'tallyline-openapi-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('passes `redocly lint` with no error', async () => {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const lint = run(join(repoRoot, 'node_modules/.bin/redocly'), ['lint', file, '--format=stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    // The CLI exits non-zero on errors; its report says which.
    await expect(lint.then(() => 'clean', (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`)).resolves.toBe('clean');
  });

  it('documents the Idempotency-Key header of the dashboard\'s refund route', () => {
    const paths = document.paths as Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    const refund = paths['/api/transactions/{id}/refund']?.post;
    expect(refund?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }));
  });

  it.each(['/api/crypto-payments/create', '/api/client/crypto-payments'])('documents the Idempotency-Key header of POST %s', (path) => {
    const paths = document.paths as Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    expect(paths[path]?.post?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }));
  });

  it('generates types (openapi-typescript) that a small client type-checks against', async () => {
    await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    await writeFile(
      join(dir, 'client.ts'),
      `import type { paths } from './api.js';

type Login = paths['/api/auth/login']['post'];
type StatusChange = paths['/api/admin/merchant-applications/{id}/status']['patch'];

export const login: Login['requestBody'] = { content: { 'application/json': { email: 'a@b.co', password: 'secret-123' } } };
export const change: NonNullable<StatusChange['requestBody']>['content']['application/json'] = { status: 'approved', reviewNotes: 'ok' };
export const id: StatusChange['parameters']['path']['id'] = 'APP-1';
// @ts-expect-error: not a status the API accepts
export const wrong: NonNullable<StatusChange['requestBody']>['content']['application/json'] = { status: 'maybe' };

type CreatedPayment = paths['/api/client/payments']['post']['responses'][201]['content']['application/json'];
declare const created: CreatedPayment;
export const paymentId: string = created.id;
export const amount: string = created.amount;
export const status: 'pending' | 'requires_action' | 'completed' | 'failed' | 'refunded' | 'canceled' | 'disputed' = created.status;
export const redirectUrl: string = created.redirectUrl;
// @ts-expect-error: a payment has no such field
export const notAField = created.amountInCents;
type Page = paths['/api/client/payments']['get']['responses'][200]['content']['application/json'];
declare const page: Page;
export const firstId: string | undefined = page.data[0]?.id;
export const nextCursor: string | null = page.nextCursor;
`,
    );
    const program = ts.createProgram([join(dir, 'client.ts')], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});
