import { useToday } from '../../../lib/use-today';
import { LegalDocument } from '../components/LegalDocument';
import { TERMS_SECTIONS } from '../content/terms';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

export default function TermsPage() {
  const today = useToday();
  return (
    <LegalDocument
      title="Terms of Service"
      intro="The agreement between you and Tallyline for the use of our website, dashboard and API."
      // The spec shows the current date as the last-updated date.
      lastUpdated={today && longDate.format(today)}
      sections={TERMS_SECTIONS}
      numbered
    />
  );
}
