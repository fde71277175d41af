import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UploadReadError } from './document-store.js';
import { LocalDocumentStore } from './local-document-store.js';

describe('LocalDocumentStore staging', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('leaves nothing behind when uploads break before their file is even open', async () => {
    const store = new LocalDocumentStore(dir);
    // Some lost the race: the file was opened after its removal and stayed for good.
    // Many at once, as under load, where opening a file takes longest.
    const broken = () => new Readable({ read() { this.destroy(new Error('client went away')); } });
    const failures = await Promise.all(Array.from({ length: 500 }, () => store.stage(broken()).catch((error: unknown) => error)));
    expect(failures.every((error) => error instanceof UploadReadError)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readdir(join(dir, '.staging'))).toEqual([]);
  });

  it('stages a whole upload with its hash and size', async () => {
    const staged = await new LocalDocumentStore(dir).stage(Readable.from([Buffer.from('%PDF-1.4 hello')]));
    expect(staged).toMatchObject({ size: 14, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await readdir(join(dir, '.staging'))).toEqual([staged.token]);
  });
});
