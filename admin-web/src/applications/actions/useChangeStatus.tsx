import { REVIEW_NOTES_MAX, type ApplicationStatus, type MerchantApplication, type StatusChange } from '@tallyline/contracts';
import { useRef } from 'react';
import { HttpError, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { UpdateFailedMessage } from './UpdateFailedMessage';

export interface ChangeStatusOptions {
  application: MerchantApplication;
  reviewNotes: string;
  /** After a successful change: the dialog closes and its notes clear. */
  onChanged: () => void;
}

/** What each action button gets from the one useChangeStatus of the dialog. */
export interface StatusActionProps {
  application: MerchantApplication;
  changeStatus: (status: ApplicationStatus) => void;
  /** A change is on its way (every action waits for its answer), or the notes are too long to send. */
  disabled: boolean;
}

/**
 * Sends one status change with the reviewer's notes. Pessimistic on purpose: a compliance decision is
 * shown as done only once the server has accepted it against the version the reviewer was looking at.
 * One per dialog, shared by its buttons, so one decision at a time is sent.
 */
export function useChangeStatus({ application, reviewNotes, onChanged }: ChangeStatusOptions) {
  const [update, { isPending }] = useUpdate<MerchantApplication>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  // isPending reaches the buttons only after a render: a double click's second click comes before it,
  // and its change, sent with the version the first one just replaced, came back as a 412 that read
  // "Someone else changed this application".
  const sending = useRef(false);
  // Counted as sent (trimmed). Over the limit nothing is sent: the API would refuse it, and the field says so.
  const notesTooLong = reviewNotes.trim().length > REVIEW_NOTES_MAX;

  const changeStatus = (status: ApplicationStatus) => {
    if (sending.current || notesTooLong) return;
    sending.current = true;
    // Always sent, empty too (the spec: each action sends the status and the notes): left out, the API
    // keeps the earlier decision's notes, which the application then showed as if they were this one's.
    const data = { status, reviewNotes: reviewNotes.trim() } satisfies StatusChange;
    void update(
      'applications',
      { id: application.id, data, previousData: application },
      {
        mutationMode: 'pessimistic',
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          notify('resources.applications.notifications.status_updated', { type: 'success' });
          refresh();
          onChanged();
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 412) {
            // The spec's failure toast, its message saying what happened and what to do.
            notify(<UpdateFailedMessage message={translate('resources.applications.notifications.changed_elsewhere')} />, { type: 'error' });
            // Everything reloads: the dialog's application and the queue behind it, which showed the old status.
            refresh();
            return;
          }
          const message = error instanceof Error ? error.message : undefined;
          notify(<UpdateFailedMessage message={message} />, { type: 'error' });
        },
      },
    );
  };

  return { changeStatus, isPending, notesTooLong };
}
