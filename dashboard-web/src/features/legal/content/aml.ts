import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

export const AML_SECTIONS: LegalSection[] = [
  {
    title: 'Purpose and scope',
    paragraphs: [
      `This policy sets out how ${COMPANY.name} prevents its services from being used for money laundering or terrorist financing. It applies to the board, all employees and contractors, and every merchant relationship.`,
    ],
  },
  {
    title: 'Governance',
    paragraphs: [
      'The board approves this policy and reviews it every year. A Money Laundering Reporting Officer (MLRO) oversees the programme, receives internal suspicion reports and decides on reports to the National Crime Agency.',
    ],
  },
  {
    title: 'Customer due diligence',
    bullets: [
      'We verify the identity of every merchant and its directors before processing payments.',
      'We identify and verify every beneficial owner holding 25%+ of the shares or voting rights, or otherwise controlling the business.',
      "We understand the nature of each merchant's business and its expected transaction volumes.",
    ],
  },
  {
    title: 'Simplified and enhanced due diligence',
    bullets: [
      'Simplified due diligence may apply to low-risk e-money transactions under €150.',
      'Enhanced due diligence applies to high-risk sectors and countries, politically exposed persons and complex ownership structures.',
    ],
  },
  {
    title: 'Sanctions screening',
    paragraphs: ['Merchants, their owners and payments are screened against UK, EU, UN and US sanctions lists, at onboarding and continuously afterwards.'],
  },
  {
    title: 'Ongoing monitoring',
    paragraphs: ['We monitor transactions for unusual patterns and review merchant risk ratings periodically and whenever their circumstances change.'],
  },
  {
    title: 'Suspicious activity reporting',
    paragraphs: ['Employees report any suspicion to the MLRO straight away. Nobody may tip off a merchant or customer that a report has been made.'],
  },
  {
    title: 'Record keeping',
    paragraphs: ['Due-diligence and transaction records are kept for at least 5 years after the business relationship ends.'],
  },
  {
    title: 'Training',
    paragraphs: ['All employees complete anti-money-laundering training when they join and every year afterwards.'],
  },
];
