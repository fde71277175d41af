import { DOCUMENT_FIELDS, type MerchantApplication } from '@tallyline/contracts';
import { useTranslate } from 'react-admin';
import { LONG_SECTIONS, LONG_TEXT_FIELDS, PRECHECK_SECTIONS, type FieldSection } from './applicationSections';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { DefinitionGrid, Section } from './DefinitionGrid';
import { DocumentList } from './DocumentList';
import { FieldValue } from './FieldValue';

const formatDateTime = (iso: string) => new Date(iso).toLocaleString();

function StatusOverview({ application }: { application: MerchantApplication }) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.applications.fields.${field}`);
  return (
    <Section title={translate('resources.applications.sections.overview')}>
      <DefinitionGrid
        items={[
          { key: 'status', label: label('status'), value: <ApplicationStatusChip status={application.status} /> },
          { key: 'reference', label: translate('resources.applications.review.reference'), value: application.reference },
          {
            key: 'formType',
            label: translate('resources.applications.review.form_type'),
            value: translate(`resources.applications.review.form_types.${application.formType}`),
          },
          { key: 'createdAt', label: label('createdAt'), value: formatDateTime(application.createdAt) },
          { key: 'updatedAt', label: label('updatedAt'), value: formatDateTime(application.updatedAt) },
          {
            key: 'reviewNotes',
            label: label('reviewNotes'),
            value: <FieldValue field="reviewNotes" value={application.reviewNotes} />,
            wide: true,
          },
        ]}
      />
    </Section>
  );
}

/**
 * Every field of an application, grouped as on the form it came from: the current record in the
 * review dialog, or a past state in the audit trail's "as of" view.
 */
export function ApplicationFields({ application }: { application: MerchantApplication }) {
  const translate = useTranslate();
  const values = application as unknown as Record<string, unknown>;
  const sections: readonly FieldSection<string>[] = application.formType === 'long' ? LONG_SECTIONS : PRECHECK_SECTIONS;

  return (
    <>
      <StatusOverview application={application} />
      {sections.map((section) => (
        <Section key={section.key} title={translate(`resources.applications.sections.${section.key}`)}>
          <DefinitionGrid
            items={section.fields.map((field) => ({
              key: field,
              label: translate(`resources.applications.fields.${field}`),
              value: <FieldValue field={field} value={values[field]} />,
              wide: LONG_TEXT_FIELDS.has(field),
            }))}
          />
        </Section>
      ))}
      {(application.formType === 'precheck' || application.documents.length > 0) && (
        <Section title={translate('resources.applications.sections.documents')}>
          <DocumentList
            applicationId={application.id}
            reference={application.reference}
            documents={application.documents}
            slots={application.formType === 'precheck' ? DOCUMENT_FIELDS : []}
          />
        </Section>
      )}
    </>
  );
}
