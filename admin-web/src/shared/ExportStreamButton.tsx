import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, HttpError, useDataProvider, useNotify } from 'react-admin';
import type { TallylineDataProvider } from '../dataProvider/dataProvider';
import { saveBlob } from './saveBlob';

/** Downloads one event stream as NDJSON (one event per line), for compliance hand-over. */
export function ExportStreamButton({ streamId, label = 'resources.events.export.button' }: { streamId: string; label?: string }) {
  const dataProvider = useDataProvider<TallylineDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const exportStream = async () => {
    setBusy(true);
    try {
      saveBlob(await dataProvider.exportStream(streamId), `${streamId}.ndjson`);
      notify('resources.events.export.done', { type: 'info', messageArgs: { stream: streamId } });
    } catch (error) {
      // The API answers 404 for a stream with no events (a stream exists only through them): nothing to
      // export, which is an answer rather than a failure.
      if (error instanceof HttpError && error.status === 404) {
        notify('resources.events.export.none', { type: 'warning', messageArgs: { stream: streamId } });
        return;
      }
      notify('resources.events.export.failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label={label} onClick={exportStream} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
