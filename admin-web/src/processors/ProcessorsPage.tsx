import { Alert, Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Authenticated, Button, Title, useGetOne, useTranslate } from 'react-admin';
import { PROCESSOR_HEALTH, type StaffHealthRecord } from '../dataProvider/dataProvider';
import { ProcessorTable } from './ProcessorTable';
import { STATUS_TINTS } from './tints';

/** Often enough to watch a retry take effect, rarely enough that the page costs the server nothing. */
const REFRESH_MS = 5000;

/** Processor health and retry, what `npm run processors -- list` and `retry` give on the command line. */
export function ProcessorsPage() {
  return (
    <Authenticated>
      <ProcessorsContent />
    </Authenticated>
  );
}

function Summary({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {children}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ProcessorsContent() {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<StaffHealthRecord>(PROCESSOR_HEALTH, { id: 'now' }, { refetchInterval: REFRESH_MS });
  const oldest = data?.database.oldestTransaction;
  const failed = data?.processors.filter((processor) => processor.state === 'failed').length ?? 0;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="tallyline.processors.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('tallyline.processors.heading')}
      </Typography>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={<Button label="tallyline.processors.reload" onClick={() => void refetch()} color="inherit" />}
        >
          {translate('tallyline.common.load_failed', { message: error.message })}
        </Alert>
      )}
      {isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={translate('tallyline.common.loading')} />
      ) : data ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}>
            <Summary label={translate('tallyline.processors.status')}>
              <Chip label={translate(`tallyline.processors.statuses.${data.status}`)} sx={{ ...STATUS_TINTS[data.status], fontWeight: 500 }} />
            </Summary>
            <Summary label={translate('tallyline.processors.failed_count')}>
              {translate('tallyline.processors.failed_of', { failed, total: data.processors.length })}
            </Summary>
            <Summary label={translate('tallyline.processors.oldest_transaction')}>
              {translate('tallyline.processors.seconds', { seconds: oldest?.seconds ?? 0 })}
              {oldest?.applicationName && (
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {oldest.applicationName}
                </Typography>
              )}
            </Summary>
          </Box>
          {data.processors.length === 0 ? (
            <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
              {translate('tallyline.processors.empty')}
            </Typography>
          ) : (
            <ProcessorTable processors={data.processors} />
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {translate('tallyline.processors.updated', { time: new Date(data.timestamp).toLocaleTimeString(), seconds: REFRESH_MS / 1000 })}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}
