import type { DocumentField, LongApplication, PrecheckApplication, SubmitApplicationResponse } from '@tallyline/contracts';
import { apiRequest } from '../../../lib/api';

export type DocumentFiles = Record<DocumentField, File | null>;

/** POST /api/merchant-applications as multipart: every field as text, the documents as files. */
export function submitPrecheckApplication(values: PrecheckApplication, documents: DocumentFiles): Promise<SubmitApplicationResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(documents)) {
    if (file) form.append(name, file, file.name);
  }
  return apiRequest<SubmitApplicationResponse>('/api/merchant-applications', { method: 'POST', form });
}

/** The long form goes to the same endpoint as JSON with formType 'long'. */
export function submitLongApplication(values: LongApplication): Promise<SubmitApplicationResponse> {
  return apiRequest<SubmitApplicationResponse>('/api/merchant-applications', { method: 'POST', json: values });
}
