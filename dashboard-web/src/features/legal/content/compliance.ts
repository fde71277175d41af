import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

export const COMPLIANCE_SECTIONS: LegalSection[] = [
  {
    title: 'Who we are',
    paragraphs: [
      `${COMPANY.name} is a private limited company registered in ${COMPANY.jurisdiction}, company number ${COMPANY.number}. Card payments are processed through our regulated gateway partner.`,
    ],
  },
  {
    title: 'Payment card industry',
    paragraphs: ['We are PCI DSS Level 1 compliant and follow card-scheme rules for Visa, Mastercard and American Express.'],
  },
  {
    title: 'Data protection',
    paragraphs: [
      'We comply with the UK GDPR, the EU GDPR and the Data Protection Act 2018. Personal-data breaches are reported to the supervisory authority within 72 hours.',
    ],
  },
  {
    title: 'Anti-money laundering',
    paragraphs: [
      'We apply a risk-based anti-money-laundering and counter-terrorist-financing programme, including customer due diligence, beneficial-ownership checks at 25%+ and ongoing transaction monitoring. Details are in our AML Policy.',
    ],
  },
  {
    title: 'Strong customer authentication',
    paragraphs: ['Card payments support 3D Secure to meet the strong customer authentication rules of PSD2.'],
  },
  {
    title: 'Coverage',
    paragraphs: ['We serve merchants in 40+ countries and screen every merchant and payment against international sanctions lists.'],
  },
  {
    title: 'Record keeping',
    paragraphs: ['Due-diligence records are kept for at least 5 years after a relationship ends; financial records for up to 7 years.'],
  },
  {
    title: 'Contact',
    paragraphs: [`Compliance questions: ${COMPANY.complianceEmail}.`],
  },
];
