import { useId, useState } from 'react';
import { Badge, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import Gavel from '@mui/icons-material/Gavel';
import LinkOff from '@mui/icons-material/LinkOff';
import Notifications from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'wouter';
import { useTransactions } from '../api/dashboard-api';
import { useWebhookEndpoints } from '../api/settings-api';
import { formatDate, formatMoney } from '../format';

const SHOWN = 5;
const disputedQuery = new URLSearchParams({ status: 'disputed', limit: String(SHOWN) });

interface Notice {
  key: string;
  icon: 'dispute' | 'endpoint';
  title: string;
  detail: string;
  to: string;
}

/** What needs the merchant in the current environment: disputed payments (money withdrawn) and webhook endpoints we disabled. */
function useNotices(): { notices: Notice[]; more: boolean; loading: boolean } {
  const disputed = useTransactions(disputedQuery);
  const endpoints = useWebhookEndpoints();
  const notices: Notice[] = [
    ...(disputed.data?.data ?? []).map((payment) => ({
      key: payment.id,
      icon: 'dispute' as const,
      title: 'Payment disputed',
      detail: `${formatMoney(payment.amount, payment.currency)} from ${payment.customerName || payment.customerEmail || 'a customer'}, ${formatDate(payment.createdAt)}`,
      to: `/dashboard/transactions?status=disputed&view=${encodeURIComponent(payment.id)}`,
    })),
    ...(endpoints.data ?? [])
      .filter((endpoint) => !endpoint.enabled && endpoint.disabledReason)
      .map((endpoint) => ({
        key: endpoint.id,
        icon: 'endpoint' as const,
        title: 'Webhook endpoint disabled',
        detail: endpoint.url,
        to: `/dashboard/settings?endpoint=${encodeURIComponent(endpoint.id)}`,
      })),
  ];
  return { notices, more: Boolean(disputed.data?.nextCursor), loading: disputed.isPending || endpoints.isPending };
}

export function NotificationsButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { notices, more, loading } = useNotices();
  const count = notices.length;
  const close = () => setAnchor(null);
  const label = count === 0 ? 'Notifications (none)' : `Notifications (${count}${more ? '+' : ''})`;
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {/* No content at all when there is nothing: a hidden "0" would still be the button's text, not in its name. */}
          <Badge color="error" badgeContent={count === 0 ? undefined : `${count}${more ? '+' : ''}`}>
            <Notifications />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } }, list: { 'aria-label': 'Notifications' } }}
      >
        <Typography variant="subtitle2" component="p" sx={{ px: 2, py: 1, fontWeight: 700 }}>
          Needs your attention
        </Typography>
        <Divider />
        {notices.length === 0 && (
          <MenuItem disabled sx={{ whiteSpace: 'normal', '&.Mui-disabled': { opacity: 1 } }}>
            <ListItemText
              primary={loading ? 'Loading notifications…' : 'You’re all caught up'}
              secondary={loading ? undefined : 'Disputed payments and disabled webhook endpoints show here.'}
            />
          </MenuItem>
        )}
        {notices.map((notice) => (
          <MenuItem key={notice.key} component={RouterLink} to={notice.to} onClick={close} sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ mt: 0.5 }}>{notice.icon === 'dispute' ? <Gavel color="error" fontSize="small" /> : <LinkOff color="error" fontSize="small" />}</ListItemIcon>
            <ListItemText primary={notice.title} secondary={notice.detail} slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }} />
          </MenuItem>
        ))}
        {more && (
          <MenuItem component={RouterLink} to="/dashboard/transactions?status=disputed" onClick={close}>
            <ListItemText primary="See all disputed payments" inset />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
