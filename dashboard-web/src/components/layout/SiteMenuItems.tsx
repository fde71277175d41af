import { Button, List, ListItemButton, ListItemText, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useLogout } from '../../lib/session';
import { API_DOCS_URL, NAV_LINKS } from './nav-links';

/** The header's links as a drawer's list (the site's menu on phones, and the dashboard's, which replaces it there). */
export function SiteLinksList({ label, onNavigate, sx }: { label: string; onNavigate: () => void; sx?: SxProps<Theme> }) {
  return (
    <List component="nav" aria-label={label} sx={sx}>
      {NAV_LINKS.map((link) => (
        <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onNavigate}>
          <ListItemText primary={link.label} />
        </ListItemButton>
      ))}
      <ListItemButton component="a" href={API_DOCS_URL} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        <ListItemText primary="API Docs" secondary="Opens in a new tab" />
      </ListItemButton>
    </List>
  );
}

/** Closes the drawer it is in, then signs out. */
export function SignOutButton({ onNavigate, fullWidth }: { onNavigate: () => void; fullWidth?: boolean }) {
  const logout = useLogout();
  return (
    <Button
      variant="outlined"
      fullWidth={fullWidth}
      onClick={() => {
        onNavigate();
        logout();
      }}
    >
      Sign out
    </Button>
  );
}
