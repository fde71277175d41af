import { Alert, Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { APPLICATIONS_PER_DAY, type ApplicationsPerDayRecord } from '../dataProvider/dataProvider';

const DAYS = 30;

// Days are UTC calendar days (the server counts them so); shown at noon UTC so every time zone names the same date.
const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Applications per day over the last 30 days, from the server's daily counters (one small request). */
export function ApplicationsPerDayChart() {
  const translate = useTranslate();
  const theme = useTheme();
  const { data, isPending, error } = useGetOne<ApplicationsPerDayRecord>(APPLICATIONS_PER_DAY, { id: DAYS });
  const perDay = data?.days ?? [];
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
        ) : isPending ? (
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
