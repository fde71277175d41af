import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

export const SECURITY_SECTIONS: LegalSection[] = [
  {
    title: 'PCI DSS Level 1',
    paragraphs: [
      'Tallyline is PCI DSS Level 1 compliant, the highest level of the Payment Card Industry Data Security Standard, and is assessed every year by a qualified security assessor.',
      "Card numbers are tokenised in the customer's browser, so they never reach merchants' servers.",
    ],
  },
  {
    title: 'Encryption',
    bullets: [
      'All traffic is protected with 256-bit SSL/TLS encryption.',
      'Sensitive data is encrypted at rest.',
      'Passwords are stored only as salted, slow hashes; API keys only as hashes.',
    ],
  },
  {
    title: 'Fraud protection',
    bullets: [
      'Every payment is risk-scored before approval.',
      '3D Secure authentication for cards that require it.',
      'Chargeback prevention tools and alerts.',
    ],
  },
  {
    title: 'Account security',
    bullets: [
      'Separate secret keys for staging and production, which you can rotate at any time.',
      'Sign-in throttling against password guessing.',
      'Role-based access for our staff, with every review decision recorded in an audit trail.',
    ],
  },
  {
    title: 'Availability',
    paragraphs: [
      'We commit to 99.99% uptime. Live service health and past incidents are published on our status page.',
    ],
  },
  {
    title: 'Incident response',
    paragraphs: [
      'We monitor our systems around the clock. If a personal-data breach occurs we notify the supervisory authority within 72 hours and affected customers without undue delay.',
    ],
  },
  {
    title: 'Reporting a vulnerability',
    paragraphs: [
      `Please report security issues to ${COMPANY.securityEmail}. We acknowledge reports promptly and do not take action against researchers who act in good faith.`,
    ],
  },
];
