import { useEffect, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import Visibility from '@mui/icons-material/Visibility';
import { useSearchParams } from 'wouter';
import { formatMinor, type Transaction } from '@tallyline/contracts';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { downloadTransactionsCsv, useRefund, useTransactions } from '../api/dashboard-api';
import { formatDate, formatMoney, METHOD_LABELS } from '../format';
import { partlyRefunded, refundPlan } from '../refund-plan';
import { apiFilters, reversedRange } from '../transaction-filters';
import { StatusChip } from './StatusChip';
import { TransactionDrawer } from './TransactionDrawer';
import { TransactionFilters } from './TransactionFilters';
import { Pager } from './Pager';
import { EmptyState, LoadError } from './TabStates';

/** An e-mail that may wrap after its @ and dots, never inside a word ("ann@exa / mple.com"), nor make its column wide. */
const breakable = (email: string) => email.split(/(?<=[@.])/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));

const PAGE_SIZE = 20;

function RefundDialog({ transaction, onClose }: { transaction: Transaction | null; onClose: () => void }) {
  const toast = useToast();
  const refund = useRefund();
  const [typed, setTyped] = useState('');
  const plan = transaction && refundPlan(transaction, typed);
  // Drawn once per confirmation: sent again (a double submit, a retry) it is the same refund, made once;
  // another amount is another refund, with a key of its own.
  const confirmation = useRef<{ amount: number | undefined; idempotencyKey: string } | null>(null);
  // The button is disabled only once the mutation's state re-renders: a double click's second one comes first.
  const sending = useRef(false);
  const confirm = () => {
    if (!transaction || !plan || plan.error || sending.current) return;
    sending.current = true;
    if (!confirmation.current || confirmation.current.amount !== plan.amount) confirmation.current = { amount: plan.amount, idempotencyKey: newIdempotencyKey() };
    refund.mutate(
      { id: transaction.id, ...confirmation.current },
      {
        onSuccess: () => toast({ title: 'Refund processed', description: 'The refund has been successfully processed.' }),
        onError: () => toast({ title: 'Refund failed', description: 'Failed to process refund. Please try again.', variant: 'destructive' }),
        onSettled: () => {
          sending.current = false;
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={transaction !== null} onClose={refund.isPending ? undefined : onClose}>
      <DialogTitle>Refund this transaction?</DialogTitle>
      {transaction && plan && (
        <DialogContent>
          <TextField
            label={`Amount to refund (${transaction.currency})`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && confirm()}
            autoFocus
            placeholder={formatMinor(plan.remaining, transaction.currency)}
            error={plan.error}
            helperText={plan.error ? plan.text : 'Leave empty to refund everything left'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            disabled={refund.isPending}
            fullWidth
            sx={{ mt: 1, mb: 2 }}
          />
          {!plan.error && <DialogContentText>{plan.text}</DialogContentText>}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={refund.isPending}>Cancel</Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={refund.isPending || !plan || plan.error}>
          {refund.isPending ? 'Refunding...' : 'Confirm refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ExportButton({ filters }: { filters: URLSearchParams }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      await downloadTransactionsCsv(filters);
    } catch (error) {
      toast({ title: 'Export failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Download />} onClick={() => void onExport()} disabled={busy}>
      {busy ? 'Exporting...' : 'Export'}
    </Button>
  );
}

const SEARCH_HINT = 'Search finds the beginning of a customer’s name, surname or e-mail, or of a transaction id.';

export function TransactionsTab() {
  const [search, setSearch] = useSearchParams();
  const filters = apiFilters(search);
  // `after` repeats: the cursors of the pages already passed, so Previous and a reload both work.
  const trail = search.getAll('after');
  const query = new URLSearchParams(filters);
  query.set('limit', String(PAGE_SIZE));
  const cursor = trail.at(-1);
  if (cursor) query.set('cursor', cursor);
  const reversed = reversedRange(search);
  const page = useTransactions(query, !reversed);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  // A full refund takes away the Refund button that opened the dialog, and focus fell to <body>: it goes
  // to the View button beside it instead (the row stays, in both the table and the cards).
  const refundOpener = useRef<{ refund: HTMLElement; view: HTMLElement | null } | null>(null);
  useEffect(() => {
    const opener = refundOpener.current;
    if (refunding || !opener) return;
    refundOpener.current = null;
    if (!opener.refund.isConnected) opener.view?.focus();
  }, [refunding]);

  const setPage = (next: string[]) => {
    const url = new URLSearchParams(search);
    url.delete('after');
    next.forEach((c) => url.append('after', c));
    setSearch(url);
  };
  const setView = (id: string | null) => {
    const url = new URLSearchParams(search);
    if (id) url.set('view', id);
    else url.delete('view');
    setSearch(url);
  };

  let body;
  if (reversed) body = <EmptyState>Choose a To date on or after the From date</EmptyState>;
  else if (page.isPending) body = <Typography role="status" sx={{ py: 4, textAlign: 'center' }}>Loading transactions...</Typography>;
  else if (page.error) body = <LoadError error={page.error} what="transactions" onRetry={() => void page.refetch()} />;
  else if (page.data.data.length === 0)
    body = (
      // The search matches beginnings (the API's q): say so when it found nothing, or a search for the middle of a name looks broken.
      <EmptyState hint={search.get('q') ? SEARCH_HINT : undefined}>No transactions found</EmptyState>
    );
  else
    body = (
      <ResponsiveTable
        label="Transactions"
        testId="transactions-table"
        columns={['Transaction', 'Customer', 'Amount', 'Method', 'Status', 'Date', 'Actions']}
        // Seven columns need a laptop's width beside the sidebar: narrower, Status and Refund were behind a sideways scroll.
        cardsBelow="lg"
        rows={page.data.data.map((t) => ({
          key: t.id,
          cells: [
            <Box key="t" sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{t.id}</Typography>
              <Typography variant="body2" color="text.secondary">{t.description}</Typography>
            </Box>,
            <Box key="c">
              <Typography variant="body2">{t.customerName || 'N/A'}</Typography>
              <Typography variant="body2" color="text.secondary">{t.customerEmail ? breakable(t.customerEmail) : 'N/A'}</Typography>
            </Box>,
            <Box key="m">
              <Typography variant="body2">{formatMoney(t.amount, t.currency)}</Typography>
              {partlyRefunded(t) > 0 && (
                <Typography variant="body2" color="text.secondary">{formatMoney(t.refundedAmount, t.currency)} refunded</Typography>
              )}
            </Box>,
            METHOD_LABELS[t.paymentMethod],
            <StatusChip key="s" status={t.status} />,
            formatDate(t.createdAt),
            <Box key="a" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Tooltip title="View details">
                <IconButton size="small" aria-label={`View transaction ${t.id}`} onClick={() => setView(t.id)}><Visibility fontSize="small" /></IconButton>
              </Tooltip>
              {t.status === 'completed' && (
                <Button
                  size="small"
                  color="error"
                  onClick={(event) => {
                    const refund = event.currentTarget;
                    refundOpener.current = { refund, view: refund.parentElement?.querySelector('button') ?? null };
                    setRefunding(t);
                  }}
                  aria-label={`Refund transaction ${t.id}`}
                >
                  Refund
                </Button>
              )}
            </Box>,
          ],
        }))}
      />
    );

  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>Transactions</Typography>
          <ExportButton filters={filters} />
        </Box>
        <TransactionFilters />
        {search.get('q') && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Matching “{search.get('q')}” <Button size="small" onClick={() => { const url = new URLSearchParams(search); url.delete('q'); url.delete('after'); setSearch(url); }}>Clear search</Button>
          </Typography>
        )}
        {body}
        <Pager
          pageNumber={trail.length + 1}
          nextCursor={page.data?.nextCursor}
          loading={page.isPlaceholderData}
          onPrevious={() => setPage(trail.slice(0, -1))}
          onNext={(next) => setPage([...trail, next])}
        />
      </CardContent>
      <TransactionDrawer id={search.get('view')} onClose={() => setView(null)} />
      <RefundDialog key={refunding?.id ?? ''} transaction={refunding} onClose={() => setRefunding(null)} />
    </Card>
  );
}
