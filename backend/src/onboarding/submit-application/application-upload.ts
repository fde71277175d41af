import { basename } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ACCEPTED_DOCUMENT_TYPES, DOCUMENT_FIELDS, ONBOARDING_MESSAGES, type ApplicationDocument, type DocumentField } from '@tallyline/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError, type FieldError } from '../../platform/domain-error.js';
import { assertSafeText } from '../../platform/http/zod-validation.js';
import { DocumentStore, UploadReadError, type StagedDocument } from '../documents/document-store.js';

export interface UploadedDocument {
  document: ApplicationDocument;
  staged: StagedDocument;
}

export interface ApplicationUpload {
  /** Every text part, last value wins; the form schema validates them. */
  fields: Record<string, string>;
  /** Accepted documents, staged but not yet stored. */
  documents: UploadedDocument[];
  errors: FieldError[];
}

type AcceptedType = (typeof ACCEPTED_DOCUMENT_TYPES)[number];
const isDocumentField = (name: string): name is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(name);
const isAcceptedType = (mime: string | undefined): mime is AcceptedType => (ACCEPTED_DOCUMENT_TYPES as readonly (string | undefined)[]).includes(mime);

/**
 * Reads the pre-check form's multipart body. Files are streamed to the store's staging area (never
 * more than one in memory), checked by content (magic bytes, not name or declared type) and size.
 * The caller commits or discards what is staged; on any failure here everything staged is discarded.
 */
export async function readApplicationUpload(request: FastifyRequest, store: DocumentStore): Promise<ApplicationUpload> {
  const upload: ApplicationUpload = { fields: {}, documents: [], errors: [] };
  // Over the size limit busboy truncates the file and goes on, so the other fields still get checked.
  const parts = request.parts({ throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0]);
  try {
    for (;;) {
      const next = await nextPart(parts);
      if (!next) break;
      // Multipart text is parsed here, not by Fastify, so the shared text check is applied here.
      assertSafeText({ [next.fieldname]: next.type === 'field' ? String(next.value) : next.filename }, '');
      if (next.type === 'field') upload.fields[next.fieldname] = String(next.value);
      else await readFile(next, store, upload);
    }
    return upload;
  } catch (error) {
    await discardAll(store, upload.documents.map((d) => d.staged));
    if (error instanceof UploadReadError) throw malformed();
    throw error;
  }
}

export async function discardAll(store: DocumentStore, staged: StagedDocument[]): Promise<void> {
  await Promise.all(staged.map((s) => store.discard(s)));
}

async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    const next: IteratorResult<Multipart> = await parts.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new DomainError('payload_too_large', `Send at most ${DOCUMENT_FIELDS.length} files`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new DomainError('payload_too_large', 'Too many form fields');
    throw malformed();
  }
}

const malformed = () => new DomainError('validation', 'Malformed multipart body');

async function readFile(part: MultipartFile, store: DocumentStore, upload: ApplicationUpload): Promise<void> {
  const field = part.fieldname;
  const fail = async (message: string, staged?: StagedDocument) => {
    if (staged) await store.discard(staged);
    upload.errors.push({ field, message });
  };
  if (!isDocumentField(field)) {
    await finished(part.file.resume()).catch((error: unknown) => {
      throw new UploadReadError(error);
    });
    return fail(`Unknown document field; send files as ${DOCUMENT_FIELDS.join(', ')}`);
  }
  const staged = await store.stage(part.file);
  // A browser sends an empty, unnamed part for a file input left empty: the document is optional.
  if (staged.size === 0 && !part.filename) return store.discard(staged);
  if (upload.documents.some((d) => d.document.field === field)) return fail('Send one file per document', staged);
  if (part.file.truncated) return fail(ONBOARDING_MESSAGES.fileTooLarge, staged);
  const detected = await fileTypeFromBuffer(staged.head);
  if (!isAcceptedType(detected?.mime)) return fail(ONBOARDING_MESSAGES.fileType, staged);
  const name = safeFileName(part.filename) || `${field}.${detected.ext}`;
  upload.documents.push({ staged, document: { field, name, type: detected.mime, size: staged.size, sha256: staged.sha256 } });
}

/** Keeps the name a reviewer recognises, without paths or control characters. */
function safeFileName(name: string | undefined): string {
  return basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
}
