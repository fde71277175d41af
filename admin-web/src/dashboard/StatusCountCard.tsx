import type { ApplicationStatus } from '@tallyline/contracts';
import { Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { LinkBase, useCreatePath, useGetList, useTranslate } from 'react-admin';

/** The API accepts only its own sort fields, so the count query names one. */
const SORT = { field: 'createdAt', order: 'DESC' } as const;

/** One status's total, read from the list endpoint's Content-Range; links to that queue. */
export function StatusCountCard({ status }: { status?: ApplicationStatus }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { total, isPending, error } = useGetList('applications', {
    filter: status ? { status } : {},
    sort: SORT,
    pagination: { page: 1, perPage: 1 },
  });
  const label = translate(status ? `resources.applications.status.${status}` : 'tallyline.dashboard.total');
  const search = `filter=${encodeURIComponent(JSON.stringify(status ? { status } : {}))}`;

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={LinkBase}
        to={{ pathname: createPath({ resource: 'applications', type: 'list' }), search }}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            {isPending ? <Skeleton width={48} /> : error ? '—' : total}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
