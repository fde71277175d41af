import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { MerchantStats } from '@tallyline/contracts';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useMerchantAnalytics, useMerchantStats, useTransactions } from '../api/dashboard-api';
import { formatDate, formatMoney, METHOD_LABELS, monthOverMonth, type Growth } from '../format';
import { StatusChip } from './StatusChip';
import { EmptyState, LoadError } from './TabStates';

const RECENT_LIMIT = 5;
const recentQuery = new URLSearchParams({ limit: String(RECENT_LIMIT) });

function StatCard({ title, value, growth }: { title: string; value: string | undefined; growth: string | undefined }) {
  return (
    <Card variant="outlined" data-testid="stat-card">
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h3">{title}</Typography>
        <Typography sx={{ fontSize: 26, fontWeight: 700, my: 0.5 }}>{value ?? <Skeleton width={120} />}</Typography>
        <Typography variant="caption" color={growth?.startsWith('-') ? 'error.main' : growth?.startsWith('+') ? 'success.main' : 'text.secondary'}>
          {growth ?? <Skeleton width={140} />}
        </Typography>
      </CardContent>
    </Card>
  );
}

function statValues(stats: MerchantStats) {
  return {
    revenue: formatMoney(stats.totalRevenue, stats.currency),
    transactions: stats.totalTransactions.toLocaleString('en-US'),
    successRate: `${stats.successRate.toFixed(1)}%`,
    avg: formatMoney(stats.avgTransactionAmount, stats.currency),
  };
}

function StatCards() {
  const stats = useMerchantStats();
  const analytics = useMerchantAnalytics(60);
  if (stats.error) return <LoadError error={stats.error} what="your statistics" onRetry={() => void stats.refetch()} />;
  const values = stats.data ? statValues(stats.data) : undefined;
  // Growth is secondary: if the series fails, the cards still show their figures.
  const growth: Partial<Growth> = analytics.data ? monthOverMonth(analytics.data.daily, analytics.data.currency) : analytics.error ? { revenue: '—', transactions: '—', successRate: '—', avgTransaction: '—' } : {};
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
      <StatCard title="Total Revenue" value={values?.revenue} growth={growth.revenue} />
      <StatCard title="Transactions" value={values?.transactions} growth={growth.transactions} />
      <StatCard title="Success Rate" value={values?.successRate} growth={growth.successRate} />
      <StatCard title="Avg. Transaction" value={values?.avg} growth={growth.avgTransaction} />
      {stats.data && <OtherCurrencies stats={stats.data} />}
    </Box>
  );
}

/** The cards count the main currency only: a merchant paid in others is told so, and what those took. */
function OtherCurrencies({ stats }: { stats: MerchantStats }) {
  const others = stats.byCurrency.filter((row) => row.currency !== stats.currency);
  if (others.length === 0) return null;
  const also = others.map(
    (row) => `${formatMoney(row.totalRevenue, row.currency)} from ${row.totalTransactions.toLocaleString('en-US')} ${row.currency} transaction${row.totalTransactions === 1 ? '' : 's'}`,
  );
  return (
    <Typography variant="body2" color="text.secondary" data-testid="other-currencies" sx={{ gridColumn: '1 / -1' }}>
      These figures are in {stats.currency}, your main currency. Also: {also.join('; ')}.
    </Typography>
  );
}

function RecentTransactions() {
  const recent = useTransactions(recentQuery);
  let body;
  if (recent.isPending) body = <Skeleton variant="rounded" height={200} />;
  else if (recent.error) body = <LoadError error={recent.error} what="recent transactions" onRetry={() => void recent.refetch()} />;
  else if (recent.data.data.length === 0) body = <EmptyState>No transactions found</EmptyState>;
  else
    body = (
      <ResponsiveTable
        label="Recent transactions"
        testId="recent-transactions"
        columns={['Transaction ID', 'Amount', 'Method', 'Status', 'Date']}
        cellSx={[{ fontFamily: 'monospace', fontSize: 13 }]}
        rows={recent.data.data.map((t) => ({
          key: t.id,
          cells: [t.id, formatMoney(t.amount, t.currency), METHOD_LABELS[t.paymentMethod], <StatusChip key="s" status={t.status} />, formatDate(t.createdAt)],
        }))}
      />
    );
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>Recent Transactions</Typography>
        {body}
      </CardContent>
    </Card>
  );
}

export function OverviewTab() {
  return (
    <>
      <StatCards />
      <RecentTransactions />
    </>
  );
}
