import { Box, Button, Grid, Stack } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import {
  ANNUAL_REVENUES,
  AVERAGE_TRANSACTION_VALUES,
  CHARGEBACK_RATES,
  HOW_DID_YOU_HEAR,
  INDUSTRY_TYPES,
  LONG_BUSINESS_TYPES,
  MONTHLY_VOLUMES,
  NUMBER_OF_EMPLOYEES,
  ONBOARDING_MESSAGES,
  PAYMENT_METHODS,
  PROCESSING_COUNTRIES,
  REFUND_RATES,
} from '@tallyline/contracts/browser';
import type { LongApplication, SubmitApplicationResponse } from '@tallyline/contracts';
import { applyServerErrors, lazyZodResolver } from '../../../lib/form';
import { useFormDraft } from '../../../lib/form-draft';
import { useSubmission } from '../../../lib/use-submission';
import { useToast } from '../../../components/toast';
import { submitLongApplication } from '../api/applications-api';
import { DraftRestoredNote } from './DraftRestoredNote';
import { FormSection } from './FormSection';
import { CheckboxField, CheckboxGroupField } from './checkbox-fields';
import { FormTextField, SelectField, type Option } from './fields';
import { labelled, pounds } from './options';

const BOOLEANS = ['hasBeenTerminated', 'pciCompliant', 'dataProtectionCompliant', 'antiMoneyLaunderingCompliant', 'agreeToTerms', 'agreeToPrivacy'] as const;
type ArrayField = 'paymentMethods' | 'processingCountries';
type Values = Record<Exclude<keyof LongApplication, (typeof BOOLEANS)[number] | ArrayField>, string> &
  Record<(typeof BOOLEANS)[number], boolean> &
  Record<ArrayField, string[]>;

const TEXT = [
  'companyName', 'legalName', 'incorporationCountry', 'registrationNumber', 'vatNumber', 'website', 'businessDescription',
  'businessType', 'yearEstablished', 'numberOfEmployees', 'annualRevenue', 'industryType', 'firstName', 'lastName', 'email',
  'phone', 'jobTitle', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'monthlyVolume',
  'averageTransactionValue', 'chargebackRate', 'refundRate', 'terminationDetails', 'howDidYouHear', 'additionalInfo',
] as const;
const EMPTY = {
  ...Object.fromEntries(TEXT.map((name) => [name, ''])),
  ...Object.fromEntries(BOOLEANS.map((name) => [name, false])),
  paymentMethods: [],
  processingCountries: [],
  formType: 'long',
} as unknown as Values;

type Size = { xs: number; sm?: number };
const half: Size = { xs: 12, sm: 6 };
const full: Size = { xs: 12 };
const OPTIONAL = new Set(['vatNumber', 'addressLine2', 'additionalInfo', 'terminationDetails']);

const resolver = lazyZodResolver<Values, LongApplication>(() => import('@tallyline/contracts').then((contracts) => contracts.longApplicationSchema));

/** The long application (spec: "Merchant application: long form"), submitted for real as JSON. */
export function LongApplicationForm({ onSubmitted }: { onSubmitted: (result: SubmitApplicationResponse) => void }) {
  const toast = useToast();
  const form = useForm<Values, unknown, LongApplication>({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const terminated = useWatch({ control: form.control, name: 'hasBeenTerminated' });
  const draft = useFormDraft(form, 'long-application', EMPTY);

  const submit = useSubmission({
    // Termination details only count while the box that reveals them is ticked.
    submit: (values: LongApplication) => submitLongApplication(values.hasBeenTerminated ? values : { ...values, terminationDetails: undefined }),
    onSuccess: (result) => {
      draft.discard();
      onSubmitted(result);
    },
    onError: (error) => {
      applyServerErrors(form, error);
      toast({ title: ONBOARDING_MESSAGES.submissionFailed, description: ONBOARDING_MESSAGES.longFormFailedDescription, variant: 'destructive' });
    },
  });

  const text = (name: (typeof TEXT)[number], label: string, size = half, props: Record<string, unknown> = {}) => (
    <Grid size={size}><FormTextField form={form} name={name} label={label} required={!OPTIONAL.has(name)} {...props} /></Grid>
  );
  const select = (name: (typeof TEXT)[number], label: string, options: Option[]) => (
    <Grid size={half}><SelectField form={form} name={name} label={label} options={options} required /></Grid>
  );

  return (
    <Box component="form" noValidate aria-label="Merchant application" onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
      <Stack spacing={3}>
        {draft.restored && (
          <DraftRestoredNote
            onStartOver={() => {
              form.reset(EMPTY);
              draft.discard();
            }}
          />
        )}
        <FormSection title="Business Information">
          {text('companyName', 'Company Name')}
          {text('legalName', 'Legal Name')}
          {text('incorporationCountry', 'Country of Incorporation')}
          {text('registrationNumber', 'Registration Number')}
          {text('vatNumber', 'VAT Number (optional)')}
          {text('website', 'Website', half, { type: 'url', placeholder: 'https://example.com' })}
          {text('businessDescription', 'Business Description', full, { multiline: true, minRows: 3 })}
        </FormSection>
        <FormSection title="Contact Information">
          {text('firstName', 'First Name', half, { autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', half, { autoComplete: 'family-name' })}
          {text('email', 'Email', half, { type: 'email', autoComplete: 'email' })}
          {text('phone', 'Phone', half, { type: 'tel', autoComplete: 'tel' })}
          {text('jobTitle', 'Job Title')}
        </FormSection>
        <FormSection title="Business Address">
          {text('addressLine1', 'Address Line 1', full)}
          {text('addressLine2', 'Address Line 2 (optional)', full)}
          {text('city', 'City')}
          {text('state', 'State / County')}
          {text('postalCode', 'Postal Code')}
          {text('country', 'Country')}
        </FormSection>
        <FormSection title="Business Details">
          {select('businessType', 'Business Type', labelled(LONG_BUSINESS_TYPES))}
          {text('yearEstablished', 'Year Established', half, { inputMode: 'numeric' })}
          {select('numberOfEmployees', 'Number of Employees', labelled(NUMBER_OF_EMPLOYEES))}
          {select('annualRevenue', 'Annual Revenue', pounds(ANNUAL_REVENUES))}
          {select('industryType', 'Industry', labelled(INDUSTRY_TYPES))}
        </FormSection>
        <FormSection title="Processing Information">
          {select('monthlyVolume', 'Monthly Volume', pounds(MONTHLY_VOLUMES))}
          {select('averageTransactionValue', 'Average Transaction Value', pounds(AVERAGE_TRANSACTION_VALUES))}
          <Grid size={full}><CheckboxGroupField form={form} name="paymentMethods" label="Payment Methods" options={labelled(PAYMENT_METHODS)} /></Grid>
          <Grid size={full}><CheckboxGroupField form={form} name="processingCountries" label="Processing Countries" options={labelled(PROCESSING_COUNTRIES)} /></Grid>
        </FormSection>
        <FormSection title="Risk Assessment">
          {select('chargebackRate', 'Chargeback Rate', labelled(CHARGEBACK_RATES))}
          {select('refundRate', 'Refund Rate', labelled(REFUND_RATES))}
          <Grid size={full}><CheckboxField form={form} name="hasBeenTerminated" label="We have had a merchant account terminated before" /></Grid>
          {terminated && text('terminationDetails', 'Termination Details', full, { multiline: true, minRows: 2 })}
        </FormSection>
        <FormSection title="Compliance">
          <Grid size={full}><CheckboxField form={form} name="pciCompliant" label="We are PCI DSS compliant" /></Grid>
          <Grid size={full}><CheckboxField form={form} name="dataProtectionCompliant" label="We comply with data protection law (UK GDPR)" /></Grid>
          <Grid size={full}><CheckboxField form={form} name="antiMoneyLaunderingCompliant" label="We have anti-money-laundering controls in place" /></Grid>
        </FormSection>
        <FormSection title="Additional Information">
          {select('howDidYouHear', 'How did you find us?', labelled(HOW_DID_YOU_HEAR))}
          {text('additionalInfo', 'Additional Information (optional)', full, { multiline: true, minRows: 2 })}
        </FormSection>
        <FormSection title="Terms">
          <Grid size={full}><CheckboxField form={form} name="agreeToTerms" label="I agree to the terms and conditions" /></Grid>
          <Grid size={full}><CheckboxField form={form} name="agreeToPrivacy" label="I agree to the privacy policy" /></Grid>
        </FormSection>
        <Button type="submit" variant="contained" size="large" disabled={submit.isPending} disableElevation sx={{ alignSelf: 'flex-start' }}>
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </Stack>
    </Box>
  );
}
