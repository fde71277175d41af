import CheckIcon from '@mui/icons-material/Check';
import { Button } from 'react-admin';
import type { StatusActionProps } from './useChangeStatus';

/** Offered in every status: the spec does not block a decision from being revised. */
export function ApproveButton({ changeStatus, isPending }: StatusActionProps) {
  return (
    <Button
      label="resources.applications.actions.approve"
      variant="contained"
      color="success"
      size="medium"
      disabled={isPending}
      onClick={() => changeStatus('approved')}
    >
      <CheckIcon />
    </Button>
  );
}
