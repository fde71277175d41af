import CloseIcon from '@mui/icons-material/Close';
import { DecisionButton } from './DecisionButton';
import type { StatusActionProps } from './useChangeStatus';

/** Offered in every status: the spec does not block a decision from being revised. */
export function RejectButton({ changeStatus, disabled }: StatusActionProps) {
  return (
    <DecisionButton
      label="resources.applications.actions.reject"
      variant="contained"
      color="error"
      disabled={disabled}
      onClick={() => changeStatus('rejected')}
      icon={<CloseIcon />}
    />
  );
}
