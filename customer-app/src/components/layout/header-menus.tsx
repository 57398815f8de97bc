import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu, { type MenuProps } from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { isInternalUser, type ToolApiVersion } from '@portal/resources';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { MuiScope } from '../../app/mui-scope';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { externalLinks } from '../../links';
import { loginPath, paths } from '../../paths';
import { useCurrentUser } from '../../session/current-user';
import { useSessionUser } from '../../session/use-session-user';

export interface HeaderMenuProps {
  anchor: HTMLElement;
  onClose: () => void;
  buttonId: string;
  menuId: string;
}

function HeaderMenu({
  anchor,
  onClose,
  buttonId,
  menuId,
  alignRight = false,
  children,
}: HeaderMenuProps & { alignRight?: boolean; children: ReactNode }) {
  const origin: Pick<MenuProps, 'anchorOrigin' | 'transformOrigin'> = alignRight
    ? {
        anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
        transformOrigin: { vertical: 'top', horizontal: 'right' },
      }
    : {};
  return (
    <MuiScope>
      <Menu
        id={menuId}
        open
        anchorEl={anchor}
        onClose={onClose}
        {...origin}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {children}
      </Menu>
    </MuiScope>
  );
}

/** My space (spec product §2.4): my projects, my orders, my assets. */
export function MySpaceMenu(props: HeaderMenuProps) {
  const { t } = useI18n();
  return (
    <HeaderMenu {...props}>
      <MenuItem component={RouterLink} to={paths.myProjects} onClick={props.onClose}>
        {t('nav.myProjects')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.myOrders} onClick={props.onClose}>
        {t('nav.myOrders')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.myAssets} onClick={props.onClose}>
        {t('nav.myAssets')}
      </MenuItem>
    </HeaderMenu>
  );
}

/**
 * The profile menu (spec product §2.4): the profile page, step-up sign-in while not signed in with a second
 * factor, the tool API version for internal users, logout (to /welcome).
 */
export function ProfileMenu(props: HeaderMenuProps) {
  const { t } = useI18n();
  const { session, toolApiVersion } = usePortal();
  useSessionUser(); // re-render when the MFA user comes or goes
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const toolApi = useSyncExternalStore(toolApiVersion.subscribe, toolApiVersion.getSnapshot);
  const otherVersion: ToolApiVersion = toolApi.version === 'v1' ? 'v2' : 'v1';
  const { onClose } = props;

  return (
    <HeaderMenu {...props} alignRight>
      <MenuItem
        component="a"
        href={externalLinks.profile}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClose}
      >
        {t('profile.profile')} {t('app.opensInNewTab')}
      </MenuItem>
      {!session.isMfa() && (
        <MenuItem
          component={RouterLink}
          to={loginPath({ mfa: true, redirectTo: `${location.pathname}${location.search}` })}
          onClick={onClose}
        >
          {t('profile.stepUp')}
        </MenuItem>
      )}
      {isInternalUser(user) && (
        <MenuItem
          onClick={() => {
            onClose();
            toolApiVersion.switchTo(otherVersion);
          }}
        >
          <ListItemText
            primary={t('profile.useToolApiVersion', { version: otherVersion })}
            secondary={t('profile.toolApiVersion', { version: toolApi.version })}
          />
        </MenuItem>
      )}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void session.signOut();
        }}
      >
        {t('profile.logout')}
      </MenuItem>
    </HeaderMenu>
  );
}

/** The header's links on a phone-sized screen, behind the menu button. */
export function NavMenu({
  signedIn,
  canOpenAdmin,
  ...props
}: HeaderMenuProps & { signedIn: boolean; canOpenAdmin: boolean }) {
  const { t } = useI18n();
  const { onClose } = props;
  return (
    <HeaderMenu {...props} alignRight>
      {signedIn && [
        <MenuItem key="projects" component={RouterLink} to={paths.myProjects} onClick={onClose}>
          {t('nav.myProjects')}
        </MenuItem>,
        <MenuItem key="orders" component={RouterLink} to={paths.myOrders} onClick={onClose}>
          {t('nav.myOrders')}
        </MenuItem>,
        <MenuItem key="assets" component={RouterLink} to={paths.myAssets} onClick={onClose}>
          {t('nav.myAssets')}
        </MenuItem>,
        <Divider key="divider" />,
      ]}
      <MenuItem component={RouterLink} to={paths.assets} onClick={onClose}>
        {t('nav.assets')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.documents} onClick={onClose}>
        {t('nav.documents')}
      </MenuItem>
      <MenuItem
        component="a"
        href={externalLinks.support}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClose}
      >
        {t('nav.support')} {t('app.opensInNewTab')}
      </MenuItem>
      {canOpenAdmin && (
        <MenuItem component="a" href={paths.admin} onClick={onClose}>
          {t('nav.admin')}
        </MenuItem>
      )}
      {!signedIn && (
        <MenuItem component={RouterLink} to={loginPath({ register: true })} onClick={onClose}>
          {t('nav.register')}
        </MenuItem>
      )}
    </HeaderMenu>
  );
}
