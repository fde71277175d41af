import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button } from 'react-admin';
import { useChangeStatus, type StatusActionProps } from './useChangeStatus';

/** Offered only while the application is pending (spec §4). */
export function SetUnderReviewButton(props: StatusActionProps) {
  const { changeStatus, isPending } = useChangeStatus(props);
  if (props.application.status !== 'pending') return null;
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
