import type { ApplicationStatus, MerchantApplication, StatusChange } from '@tallyline/contracts';
import { HttpError, useNotify, useRefresh, useUpdate } from 'react-admin';
import { UpdateFailedMessage } from './UpdateFailedMessage';

export interface StatusActionProps {
  application: MerchantApplication;
  reviewNotes: string;
  /** After a successful change: the dialog closes and its notes clear. */
  onChanged: () => void;
  /** After a 412: someone else changed the application; the dialog reloads it. */
  onStale: () => void;
}

/**
 * Sends one status change with the reviewer's notes. Pessimistic on purpose: a compliance decision is
 * shown as done only once the server has accepted it against the version the reviewer was looking at.
 */
export function useChangeStatus({ application, reviewNotes, onChanged, onStale }: StatusActionProps) {
  const [update, { isPending }] = useUpdate<MerchantApplication>();
  const notify = useNotify();
  const refresh = useRefresh();

  const changeStatus = (status: ApplicationStatus) => {
    const notes = reviewNotes.trim();
    const data = (notes ? { status, reviewNotes: notes } : { status }) satisfies StatusChange;
    void update(
      'applications',
      { id: application.id, data, previousData: application },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.applications.notifications.status_updated', { type: 'success' });
          refresh();
          onChanged();
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 412) {
            notify('resources.applications.notifications.changed_elsewhere', { type: 'warning', multiLine: true });
            onStale();
            return;
          }
          const message = error instanceof Error ? error.message : undefined;
          notify(<UpdateFailedMessage message={message} />, { type: 'error' });
        },
      },
    );
  };

  return { changeStatus, isPending };
}
