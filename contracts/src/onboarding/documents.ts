import { z } from 'zod';

/** Multipart field names of the pre-check form's uploads (optional per the spec, checked when present). */
export const DOCUMENT_FIELDS = ['passportId', 'proofOfResidence', 'bankStatements', 'directorSignature'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
export const documentFieldSchema = z.enum(DOCUMENT_FIELDS, { error: 'Unknown document' });
/** What the file input offers; the server checks the content, not the name. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const EXTENSION_OF_TYPE: Record<(typeof ACCEPTED_DOCUMENT_TYPES)[number], string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * The name a document is downloaded under: chosen by us from its field and detected type, never the
 * uploader's name (an upload named poly.html that is a PDF must not be saved as .html).
 */
export function documentFileName(reference: string, document: { field: DocumentField; type: (typeof ACCEPTED_DOCUMENT_TYPES)[number] }): string {
  return `${reference}-${document.field}.${EXTENSION_OF_TYPE[document.type]}`;
}

export const documentSchema = z.object({
  field: documentFieldSchema,
  name: z.string(),
  type: z.enum(ACCEPTED_DOCUMENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
});
export type ApplicationDocument = z.infer<typeof documentSchema>;
