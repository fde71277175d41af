import KeyIcon from '@mui/icons-material/Key';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { AppBar, Layout, Logout, Menu, UserMenu, useBasename, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog';

function ChangePasswordMenuItem({ onOpen }: { onOpen: () => void }) {
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('tallyline.password.menu')}</ListItemText>
    </MenuItem>
  );
}

// The default user menu button shows the name but is labelled "Profile"; its accessible name must
// contain the visible text (WCAG 2.5.3), so the label starts with the name.
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  // Here, not in the menu item: the menu unmounts its items when it closes, the dialog must stay.
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <UserMenu {...(identity?.fullName ? { label: translate('tallyline.user_menu', { name: identity.fullName }) } : {})}>
        <ChangePasswordMenuItem onOpen={() => setChangingPassword(true)} />
        <Logout />
      </UserMenu>
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}

function StaffAppBar() {
  return <AppBar userMenu={<StaffUserMenu />} />;
}

// The resources' entries as react-admin makes them, then the pages that are not resources.
function StaffMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to={`${basename}/processors`} primaryText="tallyline.processors.menu" leftIcon={<MonitorHeartIcon />} />
    </Menu>
  );
}

export function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={StaffAppBar} menu={StaffMenu}>
      {children}
    </Layout>
  );
}
