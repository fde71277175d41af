import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

/** Spec: 15 numbered sections; registrants must be at least 18. */
export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    paragraphs: [
      `These Terms of Service govern your use of the Tallyline website, merchant dashboard and API, provided by ${COMPANY.name}, a company registered in ${COMPANY.jurisdiction} (company number ${COMPANY.number}). By creating an account or using our services you accept these terms.`,
    ],
  },
  {
    title: 'Eligibility',
    paragraphs: [
      'You must be at least 18 years old to register. If you register on behalf of a business, you confirm that you are authorised to bind that business to these terms.',
    ],
  },
  {
    title: 'Account Registration',
    paragraphs: [
      'You must give accurate, complete information and keep it up to date. You are responsible for keeping your password and API keys secret and for all activity under your account.',
    ],
  },
  {
    title: 'Merchant Services',
    paragraphs: [
      'Once your application is approved, we provide card, bank-transfer, digital-wallet and crypto payment processing, through our gateway and crypto partners, together with the dashboard and API.',
    ],
  },
  {
    title: 'Fees and Payment',
    paragraphs: [
      'Unless your pricing plan or merchant agreement says otherwise, the standard fee is 2.80% + €0.10 per transaction on an Interchange++ (IC++) basis. Current plan rates are published on our pricing page. Fees are deducted from settlements.',
    ],
  },
  {
    title: 'Settlement',
    paragraphs: [
      'Funds from successful transactions are settled to your nominated bank account T+4 business days after the transaction, unless your plan provides faster settlement. We may hold funds where we reasonably suspect fraud or a breach of these terms.',
    ],
  },
  {
    title: 'Refunds and Chargebacks',
    paragraphs: [
      'You may refund completed transactions from the dashboard or the API. Refunds reach customers in 5-10 business days. You are responsible for chargebacks on your transactions and for any related fees.',
    ],
  },
  {
    title: 'Prohibited Activities',
    bullets: [
      'Illegal goods or services, or any activity that breaks applicable law.',
      'Money laundering, terrorist financing or sanctions evasion.',
      'Processing payments for third parties without our written consent.',
      'Attempting to break, probe or overload our systems.',
    ],
  },
  {
    title: 'Compliance and Anti-Money Laundering',
    paragraphs: [
      'You agree to provide the information we need for our know-your-customer and anti-money-laundering checks, including details of beneficial owners, and to tell us promptly about changes.',
    ],
  },
  {
    title: 'Data Protection',
    paragraphs: [
      'Each party complies with the UK GDPR and the EU GDPR. Our Privacy Policy explains how we process personal data.',
    ],
  },
  {
    title: 'Intellectual Property',
    paragraphs: [
      'The Tallyline name and brand remain ours. The Tallyline software is open source under its published licence; these terms do not grant any right to use our trade marks.',
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'To the extent the law allows, our total liability in any 12-month period is limited to the fees you paid us in the 12 months before the claim. We are not liable for indirect or consequential loss.',
    ],
  },
  {
    title: 'Suspension and Termination',
    paragraphs: [
      'You may close your account at any time. We may suspend or terminate your account if you breach these terms, if required by law or by our partners, or with reasonable notice.',
    ],
  },
  {
    title: 'Governing Law',
    paragraphs: [`These terms are governed by the laws of ${COMPANY.jurisdiction}, whose courts have exclusive jurisdiction.`],
  },
  {
    title: 'Contact',
    paragraphs: [`Questions about these terms: ${COMPANY.supportEmail}.`],
  },
];
