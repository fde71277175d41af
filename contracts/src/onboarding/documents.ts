import { z } from 'zod';
import { ACCEPTED_DOCUMENT_TYPES, DOCUMENT_FIELDS, type DocumentField } from './document-rules.js';

export * from './document-rules.js';

export const documentFieldSchema = z.enum(DOCUMENT_FIELDS, { error: 'Unknown document' });
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
