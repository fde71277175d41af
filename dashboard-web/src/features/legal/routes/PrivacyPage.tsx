import { LegalDocument } from '../components/LegalDocument';
import { POLICY_DATE } from '../content/company';
import { PRIVACY_SECTIONS } from '../content/privacy';

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="How Tallyline collects, uses and protects personal data. We do not sell personal data."
      lastUpdated={POLICY_DATE}
      sections={PRIVACY_SECTIONS}
      numbered
    />
  );
}
