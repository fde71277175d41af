import { Grid } from '@mui/material';
import type { DocumentField } from '@tallyline/contracts';
import { ACCEPTED_DOCUMENT_EXTENSIONS, DOCUMENT_FIELDS, MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES } from '@tallyline/contracts/browser';
import type { DocumentFiles } from '../api/applications-api';
import { FileField } from './FileField';

const DOCUMENT_LABELS: Record<DocumentField, string> = {
  passportId: 'Passport / ID',
  proofOfResidence: 'Proof of Residence',
  bankStatements: 'Bank Statements',
  directorSignature: 'Director Signature' };

export const NO_DOCUMENTS: DocumentFiles = { passportId: null, proofOfResidence: null, bankStatements: null, directorSignature: null };

/** A quick check by name and size so the applicant hears at once; the server checks the content. */
export function documentProblem(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return ONBOARDING_MESSAGES.fileType;
  if (file.size > MAX_DOCUMENT_BYTES) return ONBOARDING_MESSAGES.fileTooLarge;
  return undefined;
}

export function DocumentUploads({ files, errors, onChange }: {
  files: DocumentFiles;
  errors: Partial<Record<DocumentField, string>>;
  onChange: (field: DocumentField, file: File | null) => void;
}) {
  return (
    <>
      {DOCUMENT_FIELDS.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: 6 }}>
          <FileField name={field} label={DOCUMENT_LABELS[field]} file={files[field]} error={errors[field]} onChange={(file) => onChange(field, file)} />
        </Grid>
      ))}
    </>
  );
}
