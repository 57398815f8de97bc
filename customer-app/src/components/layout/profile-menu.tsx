import { displayName } from '@portal/resources';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePortal } from '../../lib/portal-context';
import { loginPath } from '../../paths';
import { useCurrentUser } from '../../session/current-user';
import { useSessionUser } from '../../session/use-session-user';

export function ProfileMenu() {
  const { session } = usePortal();
  useSessionUser(); // re-render when the MFA user comes or goes
  const { data: user, isError } = useCurrentUser();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  let label = <Skeleton width={96} aria-label="Loading your name" />;
  if (user) label = <>{displayName(user)}</>;
  else if (isError) label = <>Account</>;

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<AccountCircle />}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {!session.isMfa() && (
          <MenuItem
            component={RouterLink}
            to={loginPath({ mfa: true, redirectTo: `${location.pathname}${location.search}` })}
            onClick={close}
          >
            Sign in with second factor
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void session.signOut();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
