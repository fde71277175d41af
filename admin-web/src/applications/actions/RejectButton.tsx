import CloseIcon from '@mui/icons-material/Close';
import { Button } from 'react-admin';
import type { StatusActionProps } from './useChangeStatus';

/** Offered in every status: the spec does not block a decision from being revised. */
export function RejectButton({ changeStatus, isPending }: StatusActionProps) {
  return (
    <Button
      label="resources.applications.actions.reject"
      variant="contained"
      color="error"
      size="medium"
      disabled={isPending}
      onClick={() => changeStatus('rejected')}
    >
      <CloseIcon />
    </Button>
  );
}
