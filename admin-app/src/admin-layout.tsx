import Home from '@mui/icons-material/Home';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu } from 'react-admin';

function AdminUserMenu() {
  return (
    <UserMenu>
      {/* The portal is another app: a plain link, so the browser loads it. */}
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <Home fontSize="small" />
        </ListItemIcon>
        <ListItemText>Developer Portal</ListItemText>
      </MenuItem>
      <Logout />
    </UserMenu>
  );
}

function AdminAppBar() {
  return <AppBar userMenu={<AdminUserMenu />} />;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return <Layout appBar={AdminAppBar}>{children}</Layout>;
}
