import type { MerchantApplication } from '@tallyline/contracts';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Button, LinkBase, useCreatePath, useLocation, useRecordContext, useTranslate } from 'react-admin';

/**
 * Opens the review dialog; a link (/admin/applications/:id), so the dialog survives a reload. The link
 * keeps the list's parameters (status tab, search, sort), so the list never has to put them back into
 * the URL by itself while the dialog opens or closes.
 */
export function ReviewButton() {
  const record = useRecordContext<MerchantApplication>();
  const createPath = useCreatePath();
  const { search } = useLocation();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      label="resources.applications.review.button"
      aria-label={translate('resources.applications.review.button_label', { company: record.companyName })}
      component={LinkBase}
      to={{ pathname: createPath({ resource: 'applications', type: 'edit', id: record.id }), search }}
      variant="outlined"
    >
      <RateReviewIcon />
    </Button>
  );
}
