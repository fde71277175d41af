import type { MerchantApplication } from '@tallyline/contracts';
import { Box, List, ListItem, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateField, RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { ReviewButton } from './ReviewButton';

/**
 * The queue on a phone: one card per application (company, status, contact, date, Review), so the
 * page never scrolls sideways to reach the status or the Review button, as the table's six columns did.
 */
export function ApplicationCards({ empty }: { empty: ReactNode }) {
  const { data, isPending } = useListContext<MerchantApplication>();
  const translate = useTranslate();
  if (isPending) return <Skeleton variant="rounded" height={240} sx={{ m: 2 }} aria-label={translate('tallyline.common.loading')} />;
  if (!data?.length) return <>{empty}</>;
  return (
    <List disablePadding aria-label={translate('resources.applications.title')}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem divider sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {record.companyName}
                </Typography>
                <ApplicationStatusChip status={record.status} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {record.contactName} · {record.contactEmail}
              </Typography>
              <DateField source="createdAt" showTime variant="body2" color="text.secondary" />
            </Box>
            <ReviewButton />
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}
