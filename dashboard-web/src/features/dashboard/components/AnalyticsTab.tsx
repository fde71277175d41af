import { Box, Card, CardContent, LinearProgress, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useSearchParams } from 'wouter';
import type { AnalyticsShare, MerchantAnalytics } from '@tallyline/contracts';
import { useMerchantAnalytics } from '../api/dashboard-api';
import { countryName, formatDay, formatMoney, METHOD_LABELS } from '../format';
import { EmptyState, LoadError } from './TabStates';

const PERIODS = [7, 30, 90] as const;

/** `?days=` from the URL, one of the three periods; 30 otherwise. */
function usePeriod(): [number, (days: number) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('days'));
  const days = (PERIODS as readonly number[]).includes(requested) ? requested : 30;
  const setDays = (next: number) => {
    const url = new URLSearchParams(search);
    url.set('days', String(next));
    setSearch(url);
  };
  return [days, setDays];
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{title}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Shares<K>({ title, shares, label, testId }: { title: string; shares: AnalyticsShare<K>[]; label: (key: K) => string; testId: string }) {
  return (
    <ChartCard title={title}>
      {shares.length === 0 ? (
        <EmptyState>No transactions in this period</EmptyState>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }} data-testid={testId}>
          {shares.map((share) => (
            <Box component="li" key={String(share.key)} sx={{ mb: 1.5 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                <Typography variant="body2">{label(share.key)}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{share.share.toFixed(1)}%</Typography>
              </Box>
              <LinearProgress variant="determinate" value={share.share} aria-label={`${label(share.key)} share`} sx={{ height: 8, borderRadius: 4 }} />
            </Box>
          ))}
        </Box>
      )}
    </ChartCard>
  );
}

function Charts({ data }: { data: MerchantAnalytics }) {
  const dates = data.daily.map((day) => formatDay(day.date));
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' } }}>
        <ChartCard title="Revenue Trend">
          <Typography variant="body2" color="text.secondary">
            {formatMoney(data.totalRevenue, data.currency)} in the last {data.days} days
          </Typography>
          <Box data-testid="revenue-chart">
            <LineChart
              height={260}
              xAxis={[{ scaleType: 'point', data: dates }]}
              series={[{ data: data.daily.map((day) => day.revenue), label: `Revenue (${data.currency ?? 'USD'})`, area: true, showMark: false, valueFormatter: (v) => formatMoney(v ?? 0, data.currency) }]}
              // Room for half the last day's label, which is centred on the axis' end.
              margin={{ left: 8, right: 24 }}
            />
          </Box>
        </ChartCard>
        <ChartCard title="Transaction Volume">
          <Typography variant="body2" color="text.secondary">{data.totalTransactions.toLocaleString('en-US')} transactions in the last {data.days} days</Typography>
          <Box data-testid="volume-chart">
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: dates }]}
              series={[
                { data: data.daily.map((day) => day.transactions), label: 'Transactions' },
                { data: data.daily.map((day) => day.completed), label: 'Completed' },
              ]}
              margin={{ left: 8, right: 24 }}
            />
          </Box>
        </ChartCard>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <Shares title="Payment Methods" shares={data.paymentMethods} label={(key) => METHOD_LABELS[key]} testId="method-shares" />
        <Shares title="Geographic Distribution" shares={data.countries} label={countryName} testId="country-shares" />
      </Box>
    </>
  );
}

/** Loaded lazily: the charts library ships only with this tab. */
export default function AnalyticsTab() {
  const [days, setDays] = usePeriod();
  const analytics = useMerchantAnalytics(days);
  let body;
  if (analytics.isPending) body = <Skeleton variant="rounded" height={320} aria-label="Loading analytics" />;
  else if (analytics.error) body = <LoadError error={analytics.error} what="analytics" onRetry={() => void analytics.refetch()} />;
  else if (analytics.data.totalTransactions === 0)
    body = (
      <Card variant="outlined">
        <EmptyState>{`No transactions in the last ${analytics.data.days} days`}</EmptyState>
      </Card>
    );
  else body = <Charts data={analytics.data} />;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <TextField select size="small" label="Period" value={days} onChange={(event) => setDays(Number(event.target.value))} sx={{ minWidth: 160 }}>
          {PERIODS.map((p) => (
            <MenuItem key={p} value={p}>Last {p} days</MenuItem>
          ))}
        </TextField>
      </Box>
      {body}
    </>
  );
}
