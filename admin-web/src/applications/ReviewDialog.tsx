import { REVIEW_NOTES_MAX, type MerchantApplication } from '@tallyline/contracts';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Tab,
  Tabs,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useState } from 'react';
import { HttpError, RecordContextProvider, useGetOne, useTranslate } from 'react-admin';
import { ApproveButton } from './actions/ApproveButton';
import { RejectButton } from './actions/RejectButton';
import { SetUnderReviewButton } from './actions/SetUnderReviewButton';
import { useChangeStatus, type ChangeStatusOptions, type StatusActionProps } from './actions/useChangeStatus';
import { ApplicationFields } from './ApplicationFields';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { AuditTrail } from './AuditTrail';

type ReviewTab = 'details' | 'audit';

// A 404 (a mistyped or outdated link) is the same on every retry: with react-query's three retries the
// skeleton stayed about 8 s before saying the application could not be loaded.
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof HttpError && error.status < 500) && failures < 3;

function ReviewActions({ application, onChanged }: Omit<ChangeStatusOptions, 'reviewNotes'>) {
  const translate = useTranslate();
  const [reviewNotes, setReviewNotes] = useState('');
  const { changeStatus, isPending, notesTooLong } = useChangeStatus({ application, reviewNotes, onChanged });
  const actionProps: StatusActionProps = { application, changeStatus, disabled: isPending || notesTooLong };
  const count = translate('resources.applications.review.notes_count', { count: reviewNotes.trim().length, max: REVIEW_NOTES_MAX });
  return (
    <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1.5, px: 3, py: 2 }}>
      <TextField
        label={translate('resources.applications.review.notes')}
        helperText={`${translate(`resources.applications.review.${notesTooLong ? 'notes_too_long' : 'notes_help'}`, { max: REVIEW_NOTES_MAX })} ${count}`}
        error={notesTooLong}
        value={reviewNotes}
        onChange={(event) => setReviewNotes(event.target.value)}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        // No maxLength: the browser would cut a longer paste silently; the counter and the error say it instead.
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <SetUnderReviewButton {...actionProps} />
        <RejectButton {...actionProps} />
        <ApproveButton {...actionProps} />
      </Box>
    </DialogActions>
  );
}

/**
 * The review dialog of one application: every field, documents, the audit trail, and the status
 * actions with review notes (spec §2 and §4).
 */
export function ReviewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [tab, setTab] = useState<ReviewTab>('details');
  const { data: application, isPending, error } = useGetOne<MerchantApplication>('applications', { id }, { retry: retryUnlessRefused });
  // On a phone the dialog's margins and the list showing around it only took room from the review:
  // the decisions fell below the paper's edge, out of reach.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      scroll="paper"
      aria-labelledby={titleId}
      // A fixed height keeps the actions in place when switching between the tabs (full screen has its own).
      slotProps={{ paper: { sx: phone ? {} : { height: 'calc(100% - 64px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 7 }}>
        {translate('resources.applications.review.title', { company: application?.companyName ?? '…' })}
        {application && <ApplicationStatusChip status={application.status} size="medium" />}
      </DialogTitle>
      <IconButton
        aria-label={translate('tallyline.common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {application && (
        <Tabs value={tab} onChange={(_event, value: ReviewTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="details" label={translate('resources.applications.review.details_tab')} />
          <Tab value="audit" label={translate('resources.applications.review.audit_tab')} />
        </Tabs>
      )}
      {/* On a phone the content scrolls in whatever height the decisions leave it, so they stay on screen. */}
      <DialogContent dividers sx={{ minHeight: phone ? 0 : 320 }}>
        {isPending ? (
          <Skeleton variant="rounded" height={280} aria-label={translate('tallyline.common.loading')} />
        ) : error || !application ? (
          <Alert severity="error">{translate('resources.applications.review.not_found')}</Alert>
        ) : (
          <RecordContextProvider value={application}>
            {tab === 'details' ? <ApplicationFields application={application} /> : <AuditTrail application={application} />}
          </RecordContextProvider>
        )}
      </DialogContent>
      {application && <ReviewActions application={application} onChanged={onClose} />}
    </Dialog>
  );
}
