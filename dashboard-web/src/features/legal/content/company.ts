/** The operator named on every policy (design §6: a UK registered limited company). */
export const COMPANY = {
  name: 'Tallyline Ltd',
  number: '14872305',
  jurisdiction: 'England and Wales',
  privacyEmail: 'privacy@tallyline.com',
  complianceEmail: 'compliance@tallyline.com',
  supportEmail: 'support@tallyline.com',
  securityEmail: 'security@tallyline.com',
};

/** Date the static policies were last revised (the Terms show the current date instead, as the spec asks). */
export const POLICY_DATE = '2 January 2026';
