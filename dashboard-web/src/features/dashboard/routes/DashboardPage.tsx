import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Chip, Container, Skeleton, Stack, Typography } from '@mui/material';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useCurrentMerchant } from '../../../lib/session';

const TABS = ['overview', 'transactions', 'analytics', 'payments', 'settings'] as const;

/** The tab comes from the path, else `?tab=`; anything unknown shows the overview. */
function useDashboardTab(): (typeof TABS)[number] {
  const { tab } = useParams();
  const [search] = useSearchParams();
  const requested = tab ?? search.get('tab') ?? 'overview';
  return (TABS as readonly string[]).includes(requested) ? (requested as (typeof TABS)[number]) : 'overview';
}

function DashboardSkeleton() {
  return (
    <Stack spacing={2} data-testid="dashboard-loading" aria-busy="true" aria-label="Loading dashboard">
      <Skeleton variant="text" width={260} height={48} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={110} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

export default function DashboardPage() {
  const { user, merchant, isLoading } = useCurrentMerchant();
  const tab = useDashboardTab();

  let body: ReactNode;
  if (isLoading) body = <DashboardSkeleton />;
  else if (!user) return <Navigate to="/login" replace />;
  else if (!merchant)
    body = (
      <>
        <Typography variant="h1" sx={{ fontSize: 32, fontWeight: 700, mb: 3 }}>Dashboard</Typography>
        <Alert severity="warning">Merchant account not found. Please contact support.</Alert>
      </>
    );
  else
    body = (
      <>
        <Typography variant="h1" sx={{ fontSize: 32, fontWeight: 700, mb: 1 }}>Dashboard</Typography>
        <Typography color="text.secondary" sx={{ mb: 3, textTransform: 'capitalize' }}>{tab}</Typography>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{merchant.companyName}</Typography>
              <Typography data-testid="dashboard-user">
                Signed in as {`${user.firstName} ${user.lastName}`.trim() || user.email} ({user.email})
              </Typography>
              <Typography>Business type: {merchant.businessType}</Typography>
              <Box>
                <Chip size="small" label={merchant.environment === 'production' ? 'Production' : 'Staging'} />
              </Box>
            </Stack>
          </CardContent>
        </Card>
      </>
    );
  return <Container sx={{ py: { xs: 3, md: 6 } }}>{body}</Container>;
}
