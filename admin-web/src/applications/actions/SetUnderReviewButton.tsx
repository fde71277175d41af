import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button } from 'react-admin';
import type { StatusActionProps } from './useChangeStatus';

/** Offered only while the application is pending (spec §4). */
export function SetUnderReviewButton({ application, changeStatus, isPending }: StatusActionProps) {
  if (application.status !== 'pending') return null;
  return (
    <Button
      label="resources.applications.actions.set_under_review"
      variant="outlined"
      size="medium"
      disabled={isPending}
      onClick={() => changeStatus('under_review')}
    >
      <PlayArrowIcon />
    </Button>
  );
}
