import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { useLocation } from 'wouter';
import type { User } from '@tallyline/contracts';
import { useLogout } from '../../lib/session';

/** Labelled with the first name, or the e-mail when there is none; holds Dashboard and Sign out. */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [, navigate] = useLocation();
  const logout = useLogout();
  const label = user.firstName?.trim() || user.email;
  const open = Boolean(anchor);

  return (
    <>
      <Button
        id="user-menu-button"
        color="inherit"
        startIcon={<AccountCircle />}
        aria-haspopup="menu"
        aria-controls={open ? 'user-menu' : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 220 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'user-menu-button' } }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/dashboard');
          }}
        >
          Dashboard
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
