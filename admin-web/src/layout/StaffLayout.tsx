import type { ReactNode } from 'react';
import { AppBar, Layout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';

// The default user menu button shows the name but is labelled "Profile"; its accessible name must
// contain the visible text (WCAG 2.5.3), so the label starts with the name.
function StaffUserMenu() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return <UserMenu {...(identity?.fullName ? { label: translate('tallyline.user_menu', { name: identity.fullName }) } : {})} />;
}

function StaffAppBar() {
  return <AppBar userMenu={<StaffUserMenu />} />;
}

export function StaffLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={StaffAppBar}>{children}</Layout>;
}
