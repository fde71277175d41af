import CheckIcon from '@mui/icons-material/Check';
import { DecisionButton } from './DecisionButton';
import type { StatusActionProps } from './useChangeStatus';

/** Offered in every status: the spec does not block a decision from being revised. */
export function ApproveButton({ changeStatus, disabled }: StatusActionProps) {
  return (
    <DecisionButton
      label="resources.applications.actions.approve"
      variant="contained"
      color="success"
      disabled={disabled}
      onClick={() => changeStatus('approved')}
      icon={<CheckIcon />}
    />
  );
}
