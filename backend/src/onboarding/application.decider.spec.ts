import { describe, expect, it } from '@jest/globals';
import type { ApplicationStatus, PrecheckApplication } from '@tallyline/contracts';
import { applicationDecider, type ApplicationCommand, type SubmitApplicationCommand } from './application.decider.js';
import type { ApplicationEvent } from './application.events.js';
import { deciderSpec } from '../platform/commands/decider-spec.js';

const { given, when } = deciderSpec(applicationDecider);
const changeTo = (to: ApplicationStatus, reviewNotes: string | null = null): ApplicationCommand => ({ type: 'ChangeApplicationStatus', to, reviewNotes, at: later });
const statusChanged = (from: ApplicationStatus, to: ApplicationStatus, reviewNotes: string | null = null): ApplicationEvent => ({
  type: 'StatusChanged',
  data: { applicationId: 'a1', from, to, reviewNotes, changedAt: later.toISOString() },
});

describe('no application yet', () => {
  it('submits: ApplicationSubmitted with the id, reference and time from the command', () => {
    expect(when([], submit)).toEqual([submitted]);
  });

  it('submits the long form the same way', () => {
    const long: SubmitApplicationCommand = { ...submit, formType: 'long', fields: { companyName: 'Acme' } as never, documents: [] };
    expect(when([], long)).toEqual([{ type: 'ApplicationSubmitted', data: { ...submitted.data, formType: 'long', fields: { companyName: 'Acme' }, documents: [] } }]);
  });

  it('cannot change status: Application not found', () => {
    expect(() => when([], changeTo('approved'))).toThrow('Application not found');
  });
});

describe('a pending application', () => {
  const history = () => [submitted];

  it('cannot be submitted twice', () => {
    expect(() => when(history(), submit)).toThrow('Application already submitted');
  });

  it.each(['under_review', 'approved', 'rejected'] as const)('can be set %s, with review notes', (to) => {
    expect(when(history(), changeTo(to, 'Looks fine'))).toEqual([statusChanged('pending', to, 'Looks fine')]);
  });

  it('cannot be set back to pending (409)', () => {
    expect(() => when(history(), changeTo('pending'))).toThrow(expect.objectContaining({ code: 'illegal_state', message: 'An application cannot be set back to pending' }));
  });
});

describe('an application under review', () => {
  const history = () => [submitted, statusChanged('pending', 'under_review')];

  it('is under review', () => {
    expect(given(history())).toMatchObject({ status: 'under_review', reference: 'APP-7K3Q9D' });
  });

  it.each(['approved', 'rejected'] as const)('can be %s', (to) => {
    expect(when(history(), changeTo(to))).toEqual([statusChanged('under_review', to)]);
  });

  it.each(['under_review', 'pending'] as const)('cannot be set %s (409)', (to) => {
    expect(() => when(history(), changeTo(to))).toThrow(expect.objectContaining({ code: 'illegal_state' }));
  });
});

describe.each(['approved', 'rejected'] as const)('a decided application (%s)', (status) => {
  const history = () => [submitted, statusChanged('pending', status)];

  it.each(['approved', 'rejected'] as const)('can still be %s (the spec blocks nothing from a decision)', (to) => {
    expect(when(history(), changeTo(to))).toEqual([statusChanged(status, to)]);
  });

  it('cannot be set under review: only a pending application can', () => {
    expect(() => when(history(), changeTo('under_review'))).toThrow('Only a pending application can be set under review');
  });

  it('cannot be set back to pending', () => {
    expect(() => when(history(), changeTo('pending'))).toThrow('An application cannot be set back to pending');
  });

  it('cannot be submitted again', () => {
    expect(() => when(history(), submit)).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});

const at = new Date('2026-05-01T09:00:00Z');
const later = new Date('2026-05-02T10:30:00Z');
const fields = { companyName: 'Acme Ltd', primaryEmail: 'ops@acme.test' } as PrecheckApplication;
const documents = [{ field: 'passportId' as const, name: 'passport.pdf', type: 'application/pdf' as const, size: 1234, sha256: 'ab'.repeat(32) }];
const submit: SubmitApplicationCommand = { type: 'SubmitApplication', applicationId: 'a1', reference: 'APP-7K3Q9D', at, formType: 'precheck', fields, documents };
const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: { applicationId: 'a1', reference: 'APP-7K3Q9D', formType: 'precheck', fields, documents, submittedAt: at.toISOString() },
};
