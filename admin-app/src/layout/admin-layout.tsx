import Home from '@mui/icons-material/Home';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu, useTranslate } from 'react-admin';
import { SecretDialogProvider } from '../generator/secret-dialog';
import { AdminMenu } from './admin-menu';

function AdminUserMenu() {
  const translate = useTranslate();
  return (
    <UserMenu>
      {/* The portal is another app: a plain link, so the browser loads it. */}
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <Home fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('portal.layout.portal_link')}</ListItemText>
      </MenuItem>
      <Logout />
    </UserMenu>
  );
}

function AdminAppBar() {
  return <AppBar userMenu={<AdminUserMenu />} />;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      <SecretDialogProvider>{children}</SecretDialogProvider>
    </Layout>
  );
}
