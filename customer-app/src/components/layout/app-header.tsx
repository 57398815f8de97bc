import { ADMIN_CONSOLE_ROLES, hasAnyRouteRole } from '@portal/resources';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { loginPath, paths } from '../../paths';
import { useCurrentUser } from '../../session/current-user';
import { useSessionUser } from '../../session/use-session-user';
import { ProfileMenu } from './profile-menu';

/** Pages after which a fresh sign-in should land on the default target rather than come back. */
const ENTRY_PAGES: readonly string[] = [paths.root, paths.welcome, paths.login];

const navButtonSx = { '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 } };

export function AppHeader() {
  const sessionUser = useSessionUser();
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const canOpenAdmin =
    sessionUser !== null && user !== undefined && hasAnyRouteRole(user, ADMIN_CONSOLE_ROLES);
  const redirectTo = ENTRY_PAGES.includes(location.pathname)
    ? undefined
    : `${location.pathname}${location.search}`;

  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Typography
          component={RouterLink}
          to={paths.welcome}
          variant="h6"
          sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 700, mr: 2 }}
        >
          Developer Portal
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 1, flexGrow: 1 }}>
          <Button component={NavLink} to={paths.assets} color="inherit" sx={navButtonSx}>
            Assets
          </Button>
          <Button component={NavLink} to={paths.documents} color="inherit" sx={navButtonSx}>
            Documents
          </Button>
          {canOpenAdmin && (
            // The console is another app: a plain link, so the browser loads it.
            <Button href={paths.admin} color="inherit">
              Admin
            </Button>
          )}
        </Box>
        {sessionUser ? (
          <ProfileMenu />
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to={loginPath({ redirectTo })} variant="outlined">
              Login
            </Button>
            <Button component={RouterLink} to={loginPath({ register: true })} variant="contained">
              Register
            </Button>
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
