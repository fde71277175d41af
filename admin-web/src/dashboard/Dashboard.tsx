import { APPLICATION_STATUSES } from '@tallyline/contracts';
import { Box, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Authenticated, Title, useTranslate } from 'react-admin';
import { StatusCountCard } from './StatusCountCard';

// The chart library is the largest dependency; loading it apart keeps the queue quick to open.
const ApplicationsPerDayChart = lazy(() =>
  import('./ApplicationsPerDayChart').then((module) => ({ default: module.ApplicationsPerDayChart })),
);

/**
 * The staff landing page: how many applications wait in each queue, and how many arrive per day.
 * Nothing is fetched before the session is confirmed, so a signed-out visit goes straight to sign-in.
 */
export function Dashboard() {
  return (
    <Authenticated>
      <DashboardContent />
    </Authenticated>
  );
}

function DashboardContent() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="tallyline.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('tallyline.dashboard.welcome')}
      </Typography>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('tallyline.dashboard.by_status')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
          gap: 2,
          mb: 3,
        }}
      >
        {APPLICATION_STATUSES.map((status) => (
          <StatusCountCard key={status} status={status} />
        ))}
        <StatusCountCard />
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={340} aria-label={translate('tallyline.common.loading')} />}>
        <ApplicationsPerDayChart />
      </Suspense>
    </Box>
  );
}
