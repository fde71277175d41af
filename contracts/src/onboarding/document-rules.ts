// Zod-free, so the browser entry (browser.ts) can offer them without the schemas.

/** Multipart field names of the pre-check form's uploads (optional per the spec, checked when present). */
export const DOCUMENT_FIELDS = ['passportId', 'proofOfResidence', 'bankStatements', 'directorSignature'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
/** What the file input offers; the server checks the content, not the name. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const ACCEPTED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
