import type { MerchantApplication } from '@tallyline/contracts';
import { Alert, Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useInfiniteGetList, useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { countPerDay, windowStart } from './applicationsPerDay';

const DAYS = 30;
const PAGE_SIZE = 500;

const shortDate = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/**
 * Applications per day over the last 30 days. The list is read newest first, page after page, until a
 * page reaches past the window, so the chart is complete however busy the month was.
 */
export function ApplicationsPerDayChart() {
  const translate = useTranslate();
  const theme = useTheme();
  const start = useMemo(() => windowStart(new Date(), DAYS), []);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isPending, error } =
    useInfiniteGetList<MerchantApplication>('applications', {
      pagination: { page: 1, perPage: PAGE_SIZE },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
  const records = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const oldest = records.at(-1);
  const needsMore = Boolean(hasNextPage && oldest && new Date(oldest.createdAt) >= start);

  useEffect(() => {
    if (needsMore && !isFetchingNextPage) void fetchNextPage();
  }, [needsMore, isFetchingNextPage, fetchNextPage]);

  const perDay = useMemo(
    () => countPerDay(records.map((record) => record.createdAt), new Date(), DAYS),
    [records],
  );
  const inWindow = perDay.reduce((sum, day) => sum + day.count, 0);
  const title = translate('tallyline.dashboard.per_day');

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {error ? (
          <Alert severity="error">{translate('tallyline.common.load_failed', { message: error.message })}</Alert>
        ) : isPending || needsMore ? (
          <Skeleton variant="rounded" height={280} aria-label={translate('tallyline.common.loading')} />
        ) : inWindow === 0 ? (
          <Typography color="text.secondary">{translate('tallyline.dashboard.per_day_empty')}</Typography>
        ) : (
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={perDay} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} title={title}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={shortDate} interval="preserveStartEnd" minTickGap={16} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip labelFormatter={(day) => (typeof day === 'string' ? shortDate(day) : day)} />
              <Bar
                dataKey="count"
                name={translate('tallyline.dashboard.per_day_series')}
                fill={theme.palette.primary.main}
                radius={[3, 3, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}
