import { Box, Button, Divider, Drawer, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { Link as RouterLink } from 'wouter';
import type { Merchant, User } from '@tallyline/contracts';
import { EnvironmentSwitch } from './EnvironmentSwitch';
import { SignOutButton, SiteLinksList } from './SiteMenuItems';

interface Props {
  open: boolean;
  onClose: () => void;
  user: User | null;
  merchant: Merchant | null;
}

/** The header's links and account actions in a drawer for narrow screens. */
export function MobileNav({ open, onClose, user, merchant }: Props) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { id: 'mobile-nav', sx: { width: 290 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 20 }} color="primary">Tallyline</Typography>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <SiteLinksList label="Mobile" onNavigate={onClose} />
      <Divider />
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {merchant && <EnvironmentSwitch environment={merchant.environment} compact />}
        {user ? (
          <>
            <Typography variant="body2" color="text.secondary">
              Signed in as {user.firstName?.trim() || user.email}
            </Typography>
            <Button component={RouterLink} to="/dashboard" variant="contained" onClick={onClose} disableElevation>
              Dashboard
            </Button>
            <SignOutButton onNavigate={onClose} />
          </>
        ) : (
          <>
            <Button component={RouterLink} to="/merchant-application" variant="contained" onClick={onClose} disableElevation>
              Apply Now
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" onClick={onClose}>
              Sign In
            </Button>
          </>
        )}
      </Box>
    </Drawer>
  );
}
