import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

/** Spec: 11 numbered sections, in this order. */
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: 'Introduction',
    paragraphs: [
      `${COMPANY.name} ("Tallyline", "we", "us") is a private limited company registered in ${COMPANY.jurisdiction} (company number ${COMPANY.number}). We are the controller of the personal data described in this policy.`,
      'This policy explains what we collect when you visit our website, apply to become a merchant, use the merchant dashboard or integrate our API, why we collect it and what rights you have.',
    ],
  },
  {
    title: 'Information We Collect',
    bullets: [
      'Personal data: name, e-mail address, phone number, job title and address.',
      'Business data: company name, registration number, VAT or tax number, website, business description and ownership structure.',
      'Financial data: bank statements, settlement details, transaction history and payment volumes.',
      'Know-your-customer (KYC) data: identity documents, proof of residence and director signature authorisation.',
      'Technical data: IP address, browser and device details, log files and cookie identifiers.',
    ],
  },
  {
    title: 'How We Use Your Information',
    bullets: [
      'To assess merchant applications and meet our anti-money-laundering and know-your-customer duties.',
      'To provide payment processing, settlement, refunds and the merchant dashboard.',
      'To detect and prevent fraud and to secure our services.',
      'To send service messages, such as application updates and security notices.',
      'To improve our services, where you have allowed analytics cookies.',
    ],
  },
  {
    title: 'Sharing Your Information',
    paragraphs: [
      'We do not sell personal data, and we never share it for others’ marketing.',
      'We share personal data only where needed to provide our services or where the law requires it:',
    ],
    bullets: [
      'Payment processors and card schemes that process your transactions.',
      'Fraud-prevention and identity-verification services.',
      'Regulators, law-enforcement agencies and tax authorities.',
      'Professional advisers such as auditors and lawyers.',
    ],
  },
  {
    title: 'Data Security',
    paragraphs: [
      'We protect data with 256-bit SSL encryption in transit, encryption at rest, strict access controls and PCI DSS Level 1 card-data handling.',
      'If a personal-data breach is likely to put your rights at risk, we notify the supervisory authority within 72 hours of becoming aware of it, and inform you without undue delay.',
    ],
  },
  {
    title: 'Your Rights Under GDPR',
    paragraphs: ['Under the UK GDPR and the EU GDPR you have the right to:'],
    bullets: [
      'access the personal data we hold about you;',
      'have inaccurate data corrected;',
      'have data erased where we no longer need it and the law allows;',
      'restrict or object to processing;',
      'receive your data in a portable format;',
      'withdraw consent at any time, where processing is based on consent;',
      "complain to the Information Commissioner's Office (ICO) or your local supervisory authority.",
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: [
      'We keep merchant and customer due-diligence records for at least 5 years after the business relationship ends, as anti-money-laundering law requires. Financial records are kept for up to 7 years to meet accounting and tax obligations.',
      'Other data is kept only as long as needed for the purpose it was collected for, then deleted or anonymised.',
    ],
  },
  {
    title: 'International Transfers',
    paragraphs: [
      'Some of our processors operate outside the UK and the European Economic Area. Where we transfer data, we rely on adequacy decisions or on standard contractual clauses with additional safeguards.',
    ],
  },
  {
    title: 'Cookies',
    paragraphs: [
      'We use essential cookies to run the site and, with your consent, functional, analytics and marketing cookies. Our Cookie Policy explains each category and lets you change your choice at any time.',
    ],
  },
  {
    title: 'Updates to This Policy',
    paragraphs: [
      'We may update this policy when our services or the law change. The date at the top shows the latest revision; we tell merchants about material changes by e-mail.',
    ],
  },
  {
    title: 'Contact Us',
    paragraphs: [
      `Questions or requests about your data: ${COMPANY.privacyEmail}. ${COMPANY.name}, registered in ${COMPANY.jurisdiction}, company number ${COMPANY.number}.`,
    ],
  },
];
