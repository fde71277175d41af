/**
 * A complete, valid pre-check application by API field name, for tests, browser tests and benchmarks
 * (`unique` keeps company names and e-mails apart between runs). The documents are not included.
 */
// Return type inferred: callers read named fields (`.primaryEmail`) without an undefined check.
export function samplePrecheckApplication(unique = 'sample') {
  return {
    operatingCountry: 'United Kingdom',
    companyName: `Acme ${unique} Ltd`,
    companyType: 'Private Company (LTD)',
    street: '1 High Street',
    city: 'London',
    stateProvince: 'Greater London',
    postalCode: 'EC1A 1BB',
    addressCountry: 'United Kingdom',
    registrationNumber: '12345678',
    incorporationDate: '2019-04-01',
    vatTaxNumber: 'GB123456789',
    primaryEmail: `ops-${unique}@acme.test`,
    phoneNumber: '+44 20 7946 0000',
    shareholderFirstName: 'Grace',
    shareholderLastName: 'Hopper',
    ownershipPercent: '75',
    shareholderStreet: '2 Low Road',
    shareholderCity: 'Leeds',
    shareholderStateProvince: 'West Yorkshire',
    shareholderPostalCode: 'LS1 4AP',
    shareholderEmail: `grace-${unique}@acme.test`,
    technicalContactEmail: `tech-${unique}@acme.test`,
    website: 'https://acme.example',
    companyDescription: 'We sell anvils and rockets to discerning coyotes.',
    targetMarketsEU: '25',
    settlementDetails: 'TXYZabcdefghijklmnopqrstuvwxyz1234',
  };
}

/** The pre-check form's text inputs: their visible label by API field name. */
const PRECHECK_TEXT_LABELS: Record<string, string> = {
  companyName: 'Company Name',
  street: 'Street Address',
  city: 'City',
  stateProvince: 'State/Province',
  postalCode: 'Postal Code',
  registrationNumber: 'Registration Number',
  vatTaxNumber: 'VAT/Tax Number',
  primaryEmail: 'Primary Email',
  phoneNumber: 'Phone Number',
  shareholderFirstName: 'Shareholder First Name',
  shareholderLastName: 'Shareholder Last Name',
  shareholderStreet: 'Shareholder Street Address',
  shareholderCity: 'Shareholder City',
  shareholderStateProvince: 'Shareholder State/Province',
  shareholderPostalCode: 'Shareholder Postal Code',
  shareholderEmail: 'Shareholder Email',
  technicalContactEmail: 'Technical Contact Email',
  website: 'Website',
  companyDescription: 'Company Description',
  settlementDetails: 'USDT Settlement Address',
};

/** The sample's text inputs as a visitor types them: visible label → value. */
export function samplePrecheckForm(application: Record<string, string> = samplePrecheckApplication()): Record<string, string> {
  return Object.fromEntries(Object.entries(PRECHECK_TEXT_LABELS).map(([field, label]) => [label, application[field] ?? '']));
}
