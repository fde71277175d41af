import { ONBOARDING_MESSAGES, type ApplicationStatus } from '@tallyline/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { DomainError } from '../platform/domain-error.js';
import type { ApplicationEvent, SubmittedForm } from './application.events.js';

export type ApplicationState =
  | { status: 'none' }
  | { status: ApplicationStatus; applicationId: string; reference: string; formType: SubmittedForm['formType'] };

export type SubmitApplicationCommand = { type: 'SubmitApplication'; applicationId: string; reference: string; at: Date } & SubmittedForm;

export interface ChangeApplicationStatusCommand {
  type: 'ChangeApplicationStatus';
  to: ApplicationStatus;
  reviewNotes: string | null;
  at: Date;
}

export type ApplicationCommand = SubmitApplicationCommand | ChangeApplicationStatusCommand;

/**
 * The review rules (spec §4): Set Under Review only while pending; Approve and Reject from any status,
 * approved and rejected included. Nothing leads back to pending.
 */
function changeStatus(command: ChangeApplicationStatusCommand, state: ApplicationState): ApplicationEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', ONBOARDING_MESSAGES.notFound);
  if (command.to === 'pending') throw new DomainError('illegal_state', ONBOARDING_MESSAGES.cannotReturnToPending);
  if (command.to === 'under_review' && state.status !== 'pending') {
    throw new DomainError('illegal_state', ONBOARDING_MESSAGES.underReviewOnlyFromPending);
  }
  return [
    {
      type: 'StatusChanged',
      data: { applicationId: state.applicationId, from: state.status, to: command.to, reviewNotes: command.reviewNotes, changedAt: command.at.toISOString() },
    },
  ];
}

function submit(command: SubmitApplicationCommand, state: ApplicationState): ApplicationEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', ONBOARDING_MESSAGES.alreadySubmitted);
  const { type: _type, at, applicationId, reference, ...form } = command;
  return [{ type: 'ApplicationSubmitted', data: { ...form, applicationId, reference, submittedAt: at.toISOString() } }];
}

export const applicationDecider: Decider<ApplicationState, ApplicationCommand, ApplicationEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ApplicationSubmitted':
        return { status: 'pending', applicationId: event.data.applicationId, reference: event.data.reference, formType: event.data.formType };
      case 'StatusChanged':
        return state.status === 'none' ? state : { ...state, status: event.data.to };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitApplication':
        return submit(command, state);
      case 'ChangeApplicationStatus':
        return changeStatus(command, state);
    }
  },
};
