import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DocumentStore, UploadReadError, type StagedDocument } from './document-store.js';

/** file-type looks at no more than this many leading bytes. */
const HEAD_BYTES = 4100;
const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** Documents as files `<dir>/<sha256>`; uploads are staged under `<dir>/.staging` first. */
export class LocalDocumentStore extends DocumentStore {
  private readonly staging: string;

  constructor(private readonly dir: string) {
    super();
    this.staging = join(dir, '.staging');
  }

  async stage(source: Readable): Promise<StagedDocument> {
    await mkdir(this.staging, { recursive: true });
    const token = randomUUID();
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headLength < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        done(null, chunk);
      },
    });
    const path = join(this.staging, token);
    const sink = createWriteStream(path, { mode: 0o600 });
    try {
      await pipeline(source, tap, sink);
    } catch (error) {
      // An upload that breaks at once can fail the pipeline while the file is still being opened: removed
      // before the stream has closed, it appeared after the rm and stayed in staging for good.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(path, { force: true });
      // A failing disk is ours (a system call error); anything else broke in the client's upload.
      // pipeline() hands every stream the same error, so where it surfaced says nothing.
      throw typeof (error as { syscall?: unknown }).syscall === 'string' ? error : new UploadReadError(error);
    }
    return { token, sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
  }

  async commit(staged: StagedDocument): Promise<void> {
    // Same content, same name: replacing an existing copy changes nothing.
    await rename(join(this.staging, staged.token), join(this.dir, staged.sha256));
  }

  async discard(staged: StagedDocument): Promise<void> {
    await rm(join(this.staging, staged.token), { force: true });
  }

  async open(sha256: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!SHA256_PATTERN.test(sha256)) return undefined;
    const path = join(this.dir, sha256);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(path), size: info.size };
  }
}
