import { randomBytes, randomUUID } from 'node:crypto';
import type { NewEvent } from '@tallyline/backend/platform/event-store/event-store.port';

/**
 * One merchant's life in events, as the commands write them: a user signs up (1 event), registers a
 * merchant that gets two API keys, switches environment and is activated (5), and files a pre-check
 * application that is reviewed (3). Nine events in three appends.
 */
export function merchantLife(i: number, at = new Date()): { streamId: string; events: NewEvent[] }[] {
  const userId = randomUUID();
  const merchantId = randomUUID();
  const applicationId = randomUUID();
  const email = `owner-${i}@bench.example`;
  const when = at.toISOString();
  const metadata = (actor: string, schemaVersion: number) => ({
    actor: { type: 'user' as const, id: actor },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion,
    ip: '203.0.113.7',
    userAgent: 'bench/1.0',
  });
  // The current shapes: users and API keys carry their hashes (version 2).
  const versions: Record<string, number> = { UserRegistered: 2, ApiKeyIssued: 2 };
  const event = (type: string, data: Record<string, unknown>, actor: string = userId): NewEvent => ({ eventId: randomUUID(), type, data, metadata: metadata(actor, versions[type] ?? 1) });
  const company = `Bench Shop ${i} Ltd`;
  const key = (environment: string) => ({
    merchantId, keyId: randomUUID(), environment, prefix: environment === 'production' ? 'sk_live_' : 'sk_test_',
    keyHash: randomBytes(32).toString('hex'), last4: String(1000 + (i % 9000)), issuedAt: when,
  });
  const fields = {
    operatingCountry: 'GB', companyName: company, companyType: 'private_limited', street: `${i} High Street`, streetLine2: '', city: 'London',
    stateProvince: 'Greater London', postalCode: 'EC1A 1BB', addressCountry: 'GB', registrationNumber: `RN${i}`, incorporationDate: '2020-01-31',
    vatTaxNumber: `GB${100000000 + i}`, primaryEmail: email, phoneNumber: '+44 20 7946 0000', shareholderFirstName: 'Ada', shareholderLastName: `Owner${i}`,
    ownershipPercent: 100, shareholderStreet: '1 Side Road', shareholderStreetLine2: '', shareholderCity: 'London', shareholderStateProvince: 'Greater London',
    shareholderPostalCode: 'N1 1AA', shareholderEmail: `shareholder-${i}@bench.example`, technicalContactEmail: `tech-${i}@bench.example`,
    website: `https://shop-${i}.bench.example`, companyDescription: 'We sell handmade goods online to customers across Europe.', targetMarketsEU: 40,
    settlementDetails: 'TXYZbenchSettlementAddress000000000',
  };
  const documents = ['certificateOfIncorporation', 'proofOfAddress', 'shareholderId', 'bankStatement'].map((field) => ({
    field, name: `${field}.pdf`, type: 'application/pdf', size: 123_456, sha256: randomUUID().replace(/-/g, '').repeat(2),
  }));
  const reviewer = randomUUID();
  return [
    { streamId: `user-${userId}`, events: [event('UserRegistered', { userId, email, firstName: 'Ada', lastName: `Owner${i}`, role: 'merchant', passwordHash: ARGON2_HASH, registeredAt: when })] },
    {
      streamId: `merchant-${merchantId}`,
      events: [
        event('MerchantRegistered', { merchantId, ownerUserId: userId, companyName: company, email, website: fields.website, businessType: 'ecommerce', environment: 'staging', isActive: false, registeredAt: when }),
        event('ApiKeyIssued', key('staging')),
        event('ApiKeyIssued', key('production')),
        event('EnvironmentSwitched', { merchantId, from: 'staging', to: 'production', switchedAt: when }),
        event('MerchantActivated', { merchantId, reason: `application APP-${i} approved`, activatedAt: when }, 'approved-merchant-activation'),
      ],
    },
    {
      streamId: `application-${applicationId}`,
      events: [
        event('ApplicationSubmitted', { applicationId, reference: `APP-${String(i).padStart(6, '0')}`, submittedAt: when, formType: 'precheck', fields, documents }, 'anonymous'),
        event('StatusChanged', { applicationId, from: 'pending', to: 'under_review', reviewNotes: null, changedAt: when }, reviewer),
        event('StatusChanged', { applicationId, from: 'under_review', to: i % 4 === 0 ? 'rejected' : 'approved', reviewNotes: i % 4 === 0 ? 'Incomplete documents' : 'Looks good', changedAt: when }, reviewer),
      ],
    },
  ];
}

export const EVENTS_PER_LIFE = 9;

/** A well-formed argon2id hash (of "bench-password"): the seed does not spend seconds hashing. */
const ARGON2_HASH = '$argon2id$v=19$m=65536,t=3,p=4$YmVuY2gtc2FsdC0xMjM0$Jm0S1Qm0kQ2vY0Zk3bP6i4l8nqJc1aD5xW2yE7uR9tA';
