import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Add from '@mui/icons-material/Add';
import CreditCard from '@mui/icons-material/CreditCard';
import Wallet from '@mui/icons-material/Wallet';
import { useSearchParams } from 'wouter';
import type { PaymentMethod } from '@tallyline/contracts';
import { usePaymentMethods } from '../../api/settings-api';
import { formatDate, METHOD_LABELS } from '../../format';
import { customFeeLabel } from '../../payment-method-form';
import { EmptyState, LoadError } from '../TabStates';
import { PaymentMethodDialog } from './PaymentMethodDialog';

type MethodStatus = 'active' | 'pending' | 'inactive';
const STATUS_COLOR: Record<MethodStatus, 'success' | 'warning' | 'default'> = { active: 'success', pending: 'warning', inactive: 'default' };

/** Spec §4 and §9: the three fixed cards, their fees and statuses. */
const FIXED_METHODS: { name: string; fee: string; status: MethodStatus; description: string; icon: ReactNode }[] = [
  { name: 'Credit Cards', fee: '2.9% + $0.30', status: 'active', description: 'Visa, Mastercard and American Express', icon: <CreditCard /> },
  { name: 'Bank Transfers', fee: '$0.80', status: 'active', description: 'Direct payments from bank accounts', icon: <AccountBalance /> },
  { name: 'Digital Wallets', fee: '3.4% + $0.30', status: 'pending', description: 'Apple Pay, Google Pay and PayPal', icon: <Wallet /> },
];

function StatusLabel({ status }: { status: MethodStatus }) {
  return <Chip size="small" label={status} color={STATUS_COLOR[status]} sx={{ textTransform: 'capitalize', fontWeight: 600 }} />;
}

function FixedMethodCard({ method }: { method: (typeof FIXED_METHODS)[number] }) {
  return (
    <Card variant="outlined" data-testid="fixed-method">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>{method.icon}</Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>{method.name}</Typography>
          <StatusLabel status={method.status} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{method.description}</Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>{method.fee}</Typography>
        <Typography variant="caption" color="text.secondary">per transaction</Typography>
      </CardContent>
    </Card>
  );
}

function CustomMethodRow({ method, onConfigure }: { method: PaymentMethod; onConfigure: () => void }) {
  return (
    <Box
      component="li"
      data-testid="custom-method"
      sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{method.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {METHOD_LABELS[method.type]} · {customFeeLabel(method)} · added {formatDate(method.createdAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <StatusLabel status={method.isActive ? 'active' : 'inactive'} />
        <Button size="small" variant="outlined" onClick={onConfigure} aria-label={`Configure ${method.name}`}>Configure</Button>
      </Box>
    </Box>
  );
}

/** Fixed cards, then the merchant's own methods. `?method=new` or `?method=<id>` keeps the open form in the URL. */
export default function PaymentMethodsTab() {
  const [search, setSearch] = useSearchParams();
  const methods = usePaymentMethods();
  const open = search.get('method');
  const setOpen = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set('method', value);
    else next.delete('method');
    setSearch(next);
  };
  const configuring = open && open !== 'new' ? methods.data?.find((method) => method.id === open) : undefined;

  let list: ReactNode;
  if (methods.isPending) list = <Stack spacing={1} aria-busy="true" aria-label="Loading payment methods">{[0, 1].map((i) => <Skeleton key={i} variant="rounded" height={64} />)}</Stack>;
  else if (methods.error) list = <LoadError error={methods.error} what="payment methods" onRetry={() => void methods.refetch()} />;
  else if (methods.data.length === 0) list = <EmptyState>No custom payment methods yet. Add one to set your own fees.</EmptyState>;
  else
    list = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Custom Payment Methods">
        {methods.data.map((method) => (
          <CustomMethodRow key={method.id} method={method} onConfigure={() => setOpen(method.id)} />
        ))}
      </Stack>
    );

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {FIXED_METHODS.map((method) => (
          <FixedMethodCard key={method.name} method={method} />
        ))}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>Custom Payment Methods</Typography>
            <Button variant="contained" startIcon={<Add />} onClick={() => setOpen('new')}>Add Method</Button>
          </Box>
          {list}
          {open && open !== 'new' && methods.isSuccess && !configuring && (
            <Typography role="alert" color="error" sx={{ mt: 2 }}>Payment method not found</Typography>
          )}
        </CardContent>
      </Card>
      {(open === 'new' || configuring) && <PaymentMethodDialog key={open} method={configuring} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
