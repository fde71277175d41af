import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Box, Container, Skeleton, Stack, Typography } from '@mui/material';
import { Redirect, useParams, useSearchParams } from 'wouter';
import type { Merchant, User } from '@tallyline/contracts';
import { LoadFailureBoundary, PageTitle } from '../../../components/page';
import { useCurrentMerchant } from '../../../lib/session';
import { DashboardShell } from '../components/DashboardShell';
import { DisabledEndpointsBanner } from '../components/DisabledEndpointsBanner';
import { OverviewTab } from '../components/OverviewTab';
import { TransactionsTab } from '../components/TransactionsTab';
import { DASHBOARD_TABS, type DashboardTab } from '../dashboard-tabs';

// The charts library is big: only the analytics tab loads it.
const AnalyticsTab = lazy(() => import('../components/AnalyticsTab'));
const PaymentMethodsTab = lazy(() => import('../components/payment-methods/PaymentMethodsTab'));
const SettingsTab = lazy(() => import('../components/settings/SettingsTab'));

const TITLES: Record<DashboardTab, string> = {
  overview: 'Overview',
  transactions: 'Transactions',
  analytics: 'Analytics',
  payments: 'Payment Methods',
  settings: 'Settings',
};

/** The tab comes from the path, else `?tab=`; anything unknown shows the overview. */
function useDashboardTab(): DashboardTab {
  const { tab } = useParams();
  const [search] = useSearchParams();
  const requested = tab ?? search.get('tab') ?? 'overview';
  return (DASHBOARD_TABS as readonly string[]).includes(requested) ? (requested as DashboardTab) : 'overview';
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

function TabContent({ tab, user, merchant }: { tab: DashboardTab; user: User; merchant: Merchant }) {
  if (tab === 'overview') return <OverviewTab />;
  if (tab === 'transactions') return <TransactionsTab />;
  if (tab === 'analytics')
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Loading analytics" />}>
        <AnalyticsTab />
      </Suspense>
    );
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label={`Loading ${TITLES[tab]}`} />}>
      {tab === 'payments' ? <PaymentMethodsTab /> : <SettingsTab user={user} merchant={merchant} />}
    </Suspense>
  );
}

export default function DashboardPage() {
  const { user, merchant, isLoading } = useCurrentMerchant();
  const tab = useDashboardTab();

  let body: ReactNode;
  if (isLoading) body = <DashboardSkeleton />;
  else if (!user) return <Redirect to="/login" replace />;
  else if (!merchant)
    body = (
      <>
        <Typography variant="h1" sx={{ fontSize: 32, fontWeight: 700, mb: 3 }}>Dashboard</Typography>
        <Alert severity="warning">Merchant account not found. Please contact support.</Alert>
      </>
    );
  else
    return (
      <DashboardShell merchant={merchant} tab={tab}>
        <PageTitle>{`${TITLES[tab]} · Dashboard`}</PageTitle>
        <Typography variant="h1" sx={{ fontSize: { xs: 24, md: 30 }, fontWeight: 700, mb: 2 }}>
          Dashboard <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>· {TITLES[tab]}</Box>
        </Typography>
        <DisabledEndpointsBanner />
        {/* Mounted afresh when the environment changes (switched here or in another tab, lib/query-client.ts): a
            list kept on screen while its next page loads (keepPreviousData) is then not the other environment's. */}
        <LoadFailureBoundary resetKey={tab} nested>
          <TabContent key={merchant.environment} tab={tab} user={user} merchant={merchant} />
        </LoadFailureBoundary>
      </DashboardShell>
    );
  return (
    <Container sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle>Dashboard</PageTitle>
      {body}
    </Container>
  );
}
