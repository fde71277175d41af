import { LegalDocument } from '../components/LegalDocument';
import { POLICY_DATE } from '../content/company';
import { SECURITY_SECTIONS } from '../content/security';

export default function SecurityPage() {
  return (
    <LegalDocument
      title="Security and Trust"
      intro="How Tallyline protects payments, data and accounts."
      lastUpdated={POLICY_DATE}
      sections={SECURITY_SECTIONS}
      numbered
    />
  );
}
