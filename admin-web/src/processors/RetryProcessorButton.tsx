import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { TallylineDataProvider } from '../dataProvider/dataProvider';

/** Asks for a retry; the answer comes before the processor has run again, the next report shows how it went. */
export function RetryProcessorButton({ name }: { name: string }) {
  const dataProvider = useDataProvider<TallylineDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.retryProcessor(name);
      notify('tallyline.processors.retry_requested', { type: 'info', messageArgs: { name } });
      refresh();
    } catch (error) {
      notify('tallyline.processors.retry_failed', {
        type: 'error',
        messageArgs: { name, message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label="tallyline.processors.retry"
      aria-label={translate('tallyline.processors.retry_label', { name })}
      onClick={retry}
      disabled={busy}
    >
      <ReplayIcon />
    </Button>
  );
}
