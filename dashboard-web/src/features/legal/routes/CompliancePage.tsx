import { LegalDocument } from '../components/LegalDocument';
import { POLICY_DATE } from '../content/company';
import { COMPLIANCE_SECTIONS } from '../content/compliance';

export default function CompliancePage() {
  return (
    <LegalDocument
      title="Regulatory Compliance"
      intro="The rules Tallyline follows and how we meet them."
      lastUpdated={POLICY_DATE}
      sections={COMPLIANCE_SECTIONS}
      numbered
    />
  );
}
