import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { DecisionButton } from './DecisionButton';
import type { StatusActionProps } from './useChangeStatus';

/** Offered only while the application is pending (spec §4). */
export function SetUnderReviewButton({ application, changeStatus, disabled }: StatusActionProps) {
  if (application.status !== 'pending') return null;
  return (
    <DecisionButton
      label="resources.applications.actions.set_under_review"
      variant="outlined"
      disabled={disabled}
      onClick={() => changeStatus('under_review')}
      icon={<PlayArrowIcon />}
    />
  );
}
