import { useState } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
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
        // The name is hidden on a laptop-sized screen (too little room beside the links and the switch): still the button's name.
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={open ? 'user-menu' : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 150, minWidth: 0 }}
      >
        <Box component="span" sx={{ display: { md: 'none', lg: 'inline' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</Box>
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
