import type { MerchantApplication } from '@tallyline/contracts';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Button, LinkBase, useCreatePath, useRecordContext, useTranslate } from 'react-admin';

/** Opens the review dialog; a link (/admin/applications/:id), so the dialog survives a reload. */
export function ReviewButton() {
  const record = useRecordContext<MerchantApplication>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      label="resources.applications.review.button"
      aria-label={translate('resources.applications.review.button_label', { company: record.companyName })}
      component={LinkBase}
      to={createPath({ resource: 'applications', type: 'edit', id: record.id })}
      variant="outlined"
    >
      <RateReviewIcon />
    </Button>
  );
}
