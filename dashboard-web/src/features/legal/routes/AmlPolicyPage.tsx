import { LegalDocument } from '../components/LegalDocument';
import { POLICY_DATE } from '../content/company';
import { AML_SECTIONS } from '../content/aml';

export default function AmlPolicyPage() {
  return (
    <LegalDocument
      title="Anti-Money Laundering and Counter-Terrorist Financing Policy"
      intro="How Tallyline keeps its services from being used to launder money or finance terrorism."
      lastUpdated={POLICY_DATE}
      sections={AML_SECTIONS}
      numbered
    />
  );
}
