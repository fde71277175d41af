import { forwardRef, Suspense, useState, type AnchorHTMLAttributes } from 'react';
import { AppBar, Box, Button, Container, IconButton, Link, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Link as RouterLink, useLocation } from 'wouter';
import { lazyWithQueries } from '../../lib/lazy-with-queries';
import { API_DOCS_URL, NAV_LINKS } from './nav-links';
import { useStoredSession } from './stored-session';

// Loaded when first needed (signed in, menu opened), not with every public page: the drawer and the
// menu bring MUI's Modal, Popover and List along, and all three react-query.
const EnvironmentSwitch = lazyWithQueries(() => import('./EnvironmentSwitch').then((module) => module.EnvironmentSwitch));
const MobileNav = lazyWithQueries(() => import('./MobileNav').then((module) => module.MobileNav));
const UserMenu = lazyWithQueries(() => import('./UserMenu').then((module) => module.UserMenu));

function Brand() {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      color="primary"
      sx={{ fontWeight: 800, fontSize: 22, letterSpacing: -0.5, mr: 3, whiteSpace: 'nowrap' }}
    >
      Tallyline
    </Link>
  );
}

/** A link that marks the page it leads to, or one under it, as current: `aria-current` and the class `active`. */
const NavLink = forwardRef<HTMLAnchorElement, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }>(function NavLink({ to, className, ...props }, ref) {
  const [pathname] = useLocation();
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return <RouterLink ref={ref} to={to} aria-current={active ? 'page' : undefined} className={active ? `${className ?? ''} active` : className} {...props} />;
});

const navButtonSx = {
  color: 'text.primary',
  textTransform: 'none',
  fontWeight: 500,
  whiteSpace: 'nowrap',
  '&.active': { color: 'primary.main', fontWeight: 700 } } as const;

export function Header() {
  const { session, probe } = useStoredSession();
  const { user, merchant, isLoading } = session;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the drawer's exit transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The dashboard's top bar has its own switch and, on phones, its own menu (with these links in it):
  // one badge and one menu button per screen. A user with no merchant gets no dashboard shell: this menu stays.
  const inDashboard = useLocation()[0].startsWith('/dashboard') && (isLoading || merchant !== null);
  const switchable = inDashboard ? null : merchant;

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: 64 }}>
          <Brand />
          {probe}
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {NAV_LINKS.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} sx={navButtonSx}>
                {link.label}
              </Button>
            ))}
            <Button
              component="a"
              href={API_DOCS_URL}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew fontSize="small" aria-hidden />}
              sx={navButtonSx}
            >
              API Docs
              <Box component="span" sx={visuallyHidden}>(opens in a new tab)</Box>
            </Button>
          </Box>
          <Box sx={{ flexGrow: 1, display: { xs: 'block', md: 'none' } }} />
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1.5 }}>
            {switchable && (
              <Suspense fallback={null}>
                <EnvironmentSwitch environment={switchable.environment} />
              </Suspense>
            )}
            {user ? (
              <>
                {/* Below the lg width, Dashboard is in the user menu only: the header had no room for both. */}
                <Button component={RouterLink} to="/dashboard" variant="contained" disableElevation sx={{ display: { md: 'none', lg: 'inline-flex' } }}>
                  Dashboard
                </Button>
                <Suspense fallback={null}>
                  <UserMenu user={user} />
                </Suspense>
              </>
            ) : (
              !isLoading && (
                <>
                  <Button component={RouterLink} to="/login" color="primary">
                    Sign In
                  </Button>
                  <Button component={RouterLink} to="/merchant-application" variant="contained" disableElevation>
                    Apply Now
                  </Button>
                </>
              )
            )}
          </Box>
          <IconButton
            sx={{ display: { xs: inDashboard ? 'none' : 'inline-flex', md: 'none' } }}
            aria-label="Open menu"
            aria-controls="mobile-nav"
            aria-expanded={drawerOpen ? 'true' : 'false'}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} merchant={switchable} />
        </Suspense>
      )}
    </AppBar>
  );
}

export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0 } as const;
