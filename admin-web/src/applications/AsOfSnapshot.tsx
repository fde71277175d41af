import type { MerchantApplication } from '@tallyline/contracts';
import { Alert, Box, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { Button, HttpError, useGetOne, useTranslate } from 'react-admin';
import { fromLocalInputValue, toLocalInputValue } from '../shared/localDateTime';
import { ApplicationFields } from './ApplicationFields';

/** The application as it stood at a chosen moment, rebuilt by the server from the events up to then. */
export function AsOfSnapshot({
  applicationId,
  asOf,
  onAsOfChange,
}: {
  applicationId: string;
  asOf: string | undefined;
  onAsOfChange: (asOf: string | undefined) => void;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const { data, isFetching, error } = useGetOne<MerchantApplication>(
    'applications',
    { id: applicationId, meta: { asOf } },
    { enabled: asOf !== undefined, retry: false },
  );
  const notYetSubmitted = error instanceof HttpError && error.status === 404;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          type="datetime-local"
          label={translate('resources.applications.audit.as_of')}
          helperText={translate('resources.applications.audit.as_of_help')}
          value={asOf ? toLocalInputValue(asOf) : ''}
          onChange={(event) => onAsOfChange(fromLocalInputValue(event.target.value))}
          size="small"
          fullWidth={false}
          sx={{ width: 300 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
        {asOf && <Button label="resources.applications.audit.as_of_clear" onClick={() => onAsOfChange(undefined)} />}
      </Box>
      {asOf !== undefined && (
        <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-busy={isFetching} aria-labelledby={headingId}>
          <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
            {translate('resources.applications.audit.as_of_heading', { date: new Date(asOf).toLocaleString() })}
          </Typography>
          {isFetching && !data ? (
            <Skeleton variant="rounded" height={160} aria-label={translate('tallyline.common.loading')} />
          ) : notYetSubmitted ? (
            <Alert severity="info">{translate('resources.applications.audit.as_of_missing')}</Alert>
          ) : error ? (
            <Alert severity="error">{translate('tallyline.common.load_failed', { message: error.message })}</Alert>
          ) : (
            data && <ApplicationFields application={data} />
          )}
        </Paper>
      )}
    </Box>
  );
}
