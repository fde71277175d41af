import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar, Box, Drawer, IconButton, InputAdornment, List, ListItemButton, ListItemIcon, ListItemText, TextField, Tooltip, Typography } from '@mui/material';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import BarChart from '@mui/icons-material/BarChart';
import Clear from '@mui/icons-material/Clear';
import Dashboard from '@mui/icons-material/Dashboard';
import Home from '@mui/icons-material/Home';
import Menu from '@mui/icons-material/Menu';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import { Link as RouterLink, useLocation, useSearchParams } from 'wouter';
import type { Merchant } from '@tallyline/contracts';
import { EnvironmentSwitch } from '../../../components/layout/EnvironmentSwitch';
import { SignOutButton, SiteLinksList } from '../../../components/layout/SiteMenuItems';
import type { DashboardTab } from '../dashboard-tabs';
import { NotificationsButton } from './NotificationsButton';

const LINKS: { tab: DashboardTab; label: string; icon: ReactNode }[] = [
  { tab: 'overview', label: 'Overview', icon: <Dashboard /> },
  { tab: 'transactions', label: 'Transactions', icon: <ReceiptLong /> },
  { tab: 'analytics', label: 'Analytics', icon: <BarChart /> },
  { tab: 'payments', label: 'Payment Methods', icon: <AccountBalanceWallet /> },
  { tab: 'settings', label: 'Settings', icon: <Settings /> },
];

const SIDEBAR_WIDTH = 240;
/** The phone drawer's panel, which the menu button names as the element it opens (as the site header's does). */
const MENU_ID = 'dashboard-menu';

function initials(companyName: string): string {
  const words = companyName.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('') || '?';
}

function Sidebar({ merchant, tab, onNavigate }: { merchant: Merchant; tab: DashboardTab; onNavigate?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', width: SIDEBAR_WIDTH }}>
      <List component="nav" aria-label="Dashboard" sx={{ flexGrow: 1, p: 1 }}>
        {LINKS.map((link) => (
          <ListItemButton
            key={link.tab}
            component={RouterLink}
            to={`/dashboard/${link.tab}`}
            selected={link.tab === tab}
            aria-current={link.tab === tab ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 1, mb: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{link.icon}</ListItemIcon>
            <ListItemText primary={link.label} />
          </ListItemButton>
        ))}
      </List>
      {/* The phone drawer is the screen's only menu (the site header's button gives way to it): the site's links too. */}
      {onNavigate && <SiteLinksList label="Site" onNavigate={onNavigate} sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }} />}
      <Box data-testid="sidebar-merchant" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderTop: 1, borderColor: 'divider' }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 15 }} aria-hidden>
          {initials(merchant.companyName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>{merchant.companyName}</Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">{merchant.email}</Typography>
        </Box>
      </Box>
      {onNavigate && (
        <Box sx={{ px: 2, pb: 2 }}>
          <SignOutButton onNavigate={onNavigate} fullWidth />
        </Box>
      )}
    </Box>
  );
}

/** Typing waits this long for a pause before the list is asked for, so not every keystroke fetches. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The top bar's search: from any tab, typing (after a pause) or Enter opens the transactions tab filtered
 * by `q`. The URL keeps it, as it keeps the tab's other filters, so reload and back show the same list.
 */
function TransactionSearch({ tab }: { tab: DashboardTab }) {
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const current = tab === 'transactions' ? (search.get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  // The URL changed under us (a link, back, a cleared filter): show its q, unless the box already says it
  // (the URL has it trimmed: "Ann " must stay as typed while the user goes on to "Ann Smith").
  if (shown !== current) {
    setShown(current);
    if (value.trim() !== current) setValue(current);
  }
  const go = useCallback(
    (q: string, replace: boolean) => {
      const next = tab === 'transactions' ? new URLSearchParams(search) : new URLSearchParams();
      next.delete('after');
      if (q) next.set('q', q);
      else next.delete('q');
      const query = next.toString();
      navigate(`/dashboard/transactions${query ? `?${query}` : ''}`, { replace });
    },
    [tab, search, navigate],
  );
  useEffect(() => {
    const q = value.trim();
    if (q === current) return;
    // Refining a search on the transactions tab replaces the history entry: back leaves the search, not one letter.
    const timer = setTimeout(() => go(q, tab === 'transactions'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, current, go, tab]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== current || tab !== 'transactions') go(value.trim(), false);
  };
  const clear = () => {
    setValue('');
    if (current) go('', false);
  };
  return (
    <Box component="form" role="search" onSubmit={onSubmit} sx={{ flex: '1 1 200px', maxWidth: { md: 420 }, minWidth: 0 }}>
      <TextField
        size="small"
        fullWidth
        placeholder="Search transactions..."
        // Our clear button works in every browser: hide Chromium's own for a search input.
        sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) clear();
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search transactions', type: 'search' },
          input: {
            startAdornment: <InputAdornment position="start"><Search fontSize="small" aria-hidden /></InputAdornment>,
            endAdornment: value && (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label="Clear transactions search" onClick={clear}><Clear fontSize="small" /></IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

/** Sidebar (a drawer on phones), top bar, and the tab's content. */
export function DashboardShell({ merchant, tab, children }: { merchant: Merchant; tab: DashboardTab; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: 'calc(100vh - 64px)', bgcolor: 'grey.50' }}>
      <Box sx={{ display: { xs: 'none', md: 'block' }, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box sx={{ position: 'sticky', top: 64, height: 'calc(100vh - 64px)' }}>
          <Sidebar merchant={merchant} tab={tab} />
        </Box>
      </Box>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} sx={{ display: { md: 'none' } }} slotProps={{ paper: { id: MENU_ID } }}>
        <Sidebar merchant={merchant} tab={tab} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: { xs: 1.5, md: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <IconButton
            aria-label="Open dashboard menu"
            aria-controls={MENU_ID}
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <Menu />
          </IconButton>
          <TransactionSearch tab={tab} />
          {/* On phones this group is the top bar's second row. */}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto', width: { xs: '100%', sm: 'auto' } }}>
            <Box sx={{ mr: 'auto', pr: 1 }}>
              <EnvironmentSwitch environment={merchant.environment} />
            </Box>
            <NotificationsButton />
            <Tooltip title="Home">
              <IconButton component={RouterLink} to="/" aria-label="Go to home page">
                <Home />
              </IconButton>
            </Tooltip>
          </Box>
        </Box>
        <Box sx={{ p: { xs: 1.5, sm: 2, md: 3 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
