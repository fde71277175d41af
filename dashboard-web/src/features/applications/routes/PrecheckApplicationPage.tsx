import { useState } from 'react';
import { Box, Button, Container, Grid, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { DocumentField, PrecheckApplication } from '@tallyline/contracts';
import { COMPANY_TYPES, DOCUMENT_FIELDS, OPERATING_COUNTRIES, ONBOARDING_MESSAGES } from '@tallyline/contracts/browser';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyServerErrors, lazyZodResolver } from '../../../lib/form';
import { useFormDraft } from '../../../lib/form-draft';
import { useSubmission } from '../../../lib/use-submission';
import { useToast } from '../../../components/toast';
import { submitPrecheckApplication, type DocumentFiles } from '../api/applications-api';
import { DocumentUploads, documentProblem, NO_DOCUMENTS } from '../components/DocumentUploads';
import { DraftRestoredNote } from '../components/DraftRestoredNote';
import { FormSection } from '../components/FormSection';
import { FormTextField, SelectField } from '../components/fields';
import { SliderField } from '../components/SliderField';
import { asIs } from '../components/options';

type Values = Record<Exclude<keyof PrecheckApplication, 'ownershipPercent' | 'targetMarketsEU'>, string> & {
  ownershipPercent: number;
  targetMarketsEU: number;
};

const TEXT_FIELDS = [
  'operatingCountry', 'companyName', 'companyType', 'street', 'streetLine2', 'city', 'stateProvince', 'postalCode',
  'addressCountry', 'registrationNumber', 'incorporationDate', 'vatTaxNumber', 'primaryEmail', 'phoneNumber',
  'shareholderFirstName', 'shareholderLastName', 'shareholderStreet', 'shareholderStreetLine2', 'shareholderCity',
  'shareholderStateProvince', 'shareholderPostalCode', 'shareholderEmail', 'technicalContactEmail', 'website',
  'companyDescription', 'settlementDetails',
] as const;
const EMPTY = { ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])), ownershipPercent: 100, targetMarketsEU: 0 } as Values;

const countries = asIs(OPERATING_COUNTRIES);
type Size = { xs: number; sm?: number };
const half: Size = { xs: 12, sm: 6 };
const full: Size = { xs: 12 };

const resolver = lazyZodResolver<Values, PrecheckApplication>(() => import('@tallyline/contracts').then((contracts) => contracts.precheckApplicationSchema));

/** The pre-check application (spec: "Merchant application: pre-check form"), with its four documents. */
export default function PrecheckApplicationPage() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [files, setFiles] = useState<DocumentFiles>(NO_DOCUMENTS);
  const [fileErrors, setFileErrors] = useState<Partial<Record<DocumentField, string>>>({});
  const form = useForm<Values, unknown, PrecheckApplication>({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit' });
  const draft = useFormDraft(form, 'precheck-application', EMPTY);

  const submit = useSubmission({
    submit: (values: PrecheckApplication) => submitPrecheckApplication(values, files),
    onSuccess: (result) => {
      draft.discard();
      toast({ title: ONBOARDING_MESSAGES.submitted, description: ONBOARDING_MESSAGES.submittedDescription });
      navigate(`/merchant-application/success?ref=${encodeURIComponent(result.reference)}`, { state: { reference: result.reference } });
    },
    onError: (error) => {
      applyServerErrors(form, error);
      if (error instanceof ApiError) {
        const documentErrors = error.fieldErrors.filter((e) => (DOCUMENT_FIELDS as readonly string[]).includes(e.field));
        setFileErrors(Object.fromEntries(documentErrors.map((e) => [e.field, e.message])));
      }
      toast({ title: ONBOARDING_MESSAGES.submissionFailed, description: errorMessage(error, ONBOARDING_MESSAGES.submissionFailedDescription), variant: 'destructive' });
    } });

  const onFile = (field: DocumentField, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }));
    setFileErrors((current) => ({ ...current, [field]: file ? documentProblem(file) : undefined }));
  };
  const onSubmit = form.handleSubmit(
    (values) => {
      if (Object.values(fileErrors).some(Boolean)) return;
      submit.mutate(values);
    },
  );

  const text = (name: Extract<keyof Values, string>, label: string, size = half, props: Record<string, unknown> = {}) => (
    <Grid size={size}>
      <FormTextField
        form={form}
        name={name}
        label={label}
        required={!name.endsWith('Line2')}
        {...props}
      />
    </Grid>
  );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, fontWeight: 700, mb: 1 }}>Merchant Application</Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Tell us about your company. Our compliance team reviews every application within 24-48 hours.
      </Typography>
      <Box component="form" noValidate aria-label="Merchant application" onSubmit={onSubmit}>
        <Stack spacing={3}>
          {draft.restored && (
            <DraftRestoredNote
              withFiles
              onStartOver={() => {
                form.reset(EMPTY);
                setFiles(NO_DOCUMENTS);
                setFileErrors({});
                draft.discard();
              }}
            />
          )}
          <FormSection title="Basic Information">
            <Grid size={half}><SelectField form={form} name="operatingCountry" label="Operating Country" options={countries} required /></Grid>
            {text('companyName', 'Company Name')}
            <Grid size={half}><SelectField form={form} name="companyType" label="Company Type" options={asIs(COMPANY_TYPES)} required /></Grid>
          </FormSection>
          <FormSection title="Registered Company Address">
            {text('street', 'Street Address', full)}
            {text('streetLine2', 'Street Address Line 2 (optional)', full)}
            {text('city', 'City')}
            {text('stateProvince', 'State/Province')}
            {text('postalCode', 'Postal Code')}
            <Grid size={half}><SelectField form={form} name="addressCountry" label="Country" options={countries} required /></Grid>
          </FormSection>
          <FormSection title="Company Details">
            {text('registrationNumber', 'Registration Number')}
            {text('incorporationDate', 'Incorporation Date', half, { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
            {text('vatTaxNumber', 'VAT/Tax Number')}
            {text('primaryEmail', 'Primary Email', half, { type: 'email', autoComplete: 'email' })}
            {text('phoneNumber', 'Phone Number', half, { type: 'tel', autoComplete: 'tel' })}
          </FormSection>
          <FormSection title="Shareholder Information">
            {text('shareholderFirstName', 'Shareholder First Name')}
            {text('shareholderLastName', 'Shareholder Last Name')}
            <Grid size={full}><SliderField form={form} name="ownershipPercent" label="Ownership" min={1} max={100} step={1} /></Grid>
            {text('shareholderStreet', 'Shareholder Street Address', full)}
            {text('shareholderStreetLine2', 'Shareholder Address Line 2 (optional)', full)}
            {text('shareholderCity', 'Shareholder City')}
            {text('shareholderStateProvince', 'Shareholder State/Province')}
            {text('shareholderPostalCode', 'Shareholder Postal Code')}
            {text('shareholderEmail', 'Shareholder Email', half, { type: 'email' })}
          </FormSection>
          <FormSection title="Business Information">
            {text('technicalContactEmail', 'Technical Contact Email', half, { type: 'email' })}
            {text('website', 'Website', half, { type: 'url', placeholder: 'https://example.com' })}
            {text('companyDescription', 'Company Description', full, { multiline: true, minRows: 3 })}
            <Grid size={full}><SliderField form={form} name="targetMarketsEU" label="Target Markets in the EU" min={0} max={100} step={5} /></Grid>
            {text('settlementDetails', 'USDT Settlement Address', full, { placeholder: 'T…', helperText: 'On the Tron network (TRC-20); it starts with a T.' })}
          </FormSection>
          <FormSection title="Required Documents" description="PDF, JPG, JPEG or PNG, up to 10 MB each.">
            <DocumentUploads files={files} errors={fileErrors} onChange={onFile} />
          </FormSection>
          <Button type="submit" variant="contained" size="large" disabled={submit.isPending} disableElevation sx={{ alignSelf: 'flex-start' }}>
            {submit.isPending ? 'Submitting...' : 'Submit Application'}
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}
