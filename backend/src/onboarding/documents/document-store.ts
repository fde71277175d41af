import type { Readable } from 'node:stream';

/** An upload written aside while the rest of the request is checked; invisible until committed. */
export interface StagedDocument {
  readonly token: string;
  readonly sha256: string;
  readonly size: number;
  /** The first bytes, enough to recognise the file type by content. */
  readonly head: Buffer;
}

/**
 * Where document bytes live (file bytes are state, not events: design §1). Content-addressed by
 * sha256, so the same file uploaded twice is stored once and events refer to it by hash.
 */
export abstract class DocumentStore {
  /** Streams an upload to a staging area, hashing it. Rejects with UploadReadError when the client's stream fails. */
  abstract stage(source: Readable): Promise<StagedDocument>;
  /** Makes a staged upload readable under its hash. */
  abstract commit(staged: StagedDocument): Promise<void>;
  /** Throws a staged upload away (the request was invalid). */
  abstract discard(staged: StagedDocument): Promise<void>;
  abstract open(sha256: string): Promise<{ stream: Readable; size: number } | undefined>;
}

/** The upload itself broke off or was malformed: the client's fault, not the store's. */
export class UploadReadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UploadReadError';
  }
}
