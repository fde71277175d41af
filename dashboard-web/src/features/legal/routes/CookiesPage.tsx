import { LegalDocument } from '../components/LegalDocument';
import { CookieSettings } from '../components/CookieSettings';
import { POLICY_DATE } from '../content/company';
import { COOKIE_SECTIONS } from '../content/cookies';

export default function CookiesPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      intro="Which cookies Tallyline uses, how long they last, and how to change your choice."
      lastUpdated={POLICY_DATE}
      sections={COOKIE_SECTIONS}
    >
      <CookieSettings />
    </LegalDocument>
  );
}
