import { Box, Button, Chip, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useSearchParams } from 'wouter';
import type { WebhookDelivery, WebhookEndpoint } from '@tallyline/contracts';
import { ResponsiveTable } from '../../../../components/responsive-table';
import { useToast } from '../../../../components/toast';
import { errorMessage } from '../../../../lib/api';
import { useRetryDelivery, useWebhookDeliveries } from '../../api/settings-api';
import { Pager } from '../Pager';
import { EmptyState, LoadError } from '../TabStates';
import { SettingsSection } from './SettingsSection';

const STATUS_COLOR: Record<WebhookDelivery['status'], 'success' | 'warning' | 'error'> = { delivered: 'success', pending: 'warning', failed: 'error' };

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '—');

function LastResponse({ delivery }: { delivery: WebhookDelivery }) {
  if (!delivery.lastAttemptAt) return <>Not attempted yet</>;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid="delivery-response-code">
        {delivery.lastResponseCode ?? 'No response'}
      </Box>
      {delivery.lastError && <Box component="span" sx={{ display: 'block', color: 'error.main', fontSize: 12 }}>{delivery.lastError}</Box>}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}>{dateTime(delivery.lastAttemptAt)}</Box>
    </Box>
  );
}

/** The deliveries of one endpoint, newest first; `dafter` in the URL holds the cursors of the pages passed. */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const trail = search.getAll('dafter');
  const page = useWebhookDeliveries(endpoint.id, trail.at(-1));
  const retry = useRetryDelivery(endpoint.id);
  const setPage = (next: string[]) => {
    const url = new URLSearchParams(search);
    url.delete('dafter');
    next.forEach((cursor) => url.append('dafter', cursor));
    setSearch(url);
  };
  const onRetry = (delivery: WebhookDelivery) =>
    retry.mutate(delivery.id, {
      onSuccess: () => toast({ title: 'Delivery queued', description: `${delivery.eventType} will be sent again now.` }),
      onError: (error) => toast({ title: 'Retry failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  let body;
  if (page.isPending) body = <Typography role="status" sx={{ py: 3, textAlign: 'center' }}>Loading deliveries...</Typography>;
  else if (page.error) body = <LoadError error={page.error} what="deliveries" onRetry={() => void page.refetch()} />;
  else if (page.data.data.length === 0) body = <EmptyState>No deliveries yet. Events you subscribed to will show here as they happen.</EmptyState>;
  else
    body = (
      <ResponsiveTable
        label={`Deliveries to ${endpoint.url}`}
        testId="delivery-log"
        columns={['Event', 'Status', 'Attempts', 'Last response', 'Next attempt', 'Actions']}
        rows={page.data.data.map((delivery) => ({
          key: delivery.id,
          cells: [
            <Box key="e">
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{delivery.eventType}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{delivery.webhookId}</Typography>
            </Box>,
            <Chip key="s" size="small" label={delivery.status} color={STATUS_COLOR[delivery.status]} sx={{ textTransform: 'capitalize', fontWeight: 600 }} />,
            String(delivery.attempts),
            <LastResponse key="r" delivery={delivery} />,
            delivery.nextAttemptAt ? dateTime(delivery.nextAttemptAt) : '—',
            // A pending one is sent now instead of at its next attempt; a finished one is sent again.
            <Button key="a" size="small" onClick={() => onRetry(delivery)} disabled={retry.isPending} aria-label={`Retry delivery ${delivery.id}`}>Retry</Button>,
          ],
        }))}
      />
    );

  return (
    <SettingsSection
      title="Delivery Log"
      subtitle={endpoint.url}
      testId="delivery-log-section"
      actions={
        <Box sx={{ display: 'flex', gap: 1 }}>
          {/* Not disabled while it fetches: focus, on it after Enter, fell to <body>. */}
          <Button size="small" startIcon={<Refresh />} onClick={() => !page.isFetching && void page.refetch()} aria-disabled={page.isFetching || undefined}>Refresh</Button>
          <Button size="small" onClick={onClose}>Close</Button>
        </Box>
      }
    >
      {body}
      {/* The query keeps no previous page (it could be another endpoint's): while the next loads there is no data, so loading is isPending. */}
      <Pager
        pageNumber={trail.length + 1}
        nextCursor={page.data?.nextCursor}
        loading={page.isPending}
        onPrevious={() => setPage(trail.slice(0, -1))}
        onNext={(next) => setPage([...trail, next])}
      />
    </SettingsSection>
  );
}
