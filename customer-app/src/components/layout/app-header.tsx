import { displayName } from '@portal/resources';
import { Suspense, useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { lazyPart } from '../../app/lazy-page';
import { useI18n } from '../../i18n/i18n';
import { externalLinks } from '../../links';
import { loginPath, paths } from '../../paths';
import { useCurrentUser } from '../../session/current-user';
import { useCanOpenAdmin } from '../../session/use-can-open-admin';
import { useSessionUser } from '../../session/use-session-user';
import ui from '../../styles/ui.module.css';
import { ButtonLink, ExternalLink, VisuallyHidden, buttonClass } from '../ui/button';
import { Icon } from '../ui/icon';
import styles from './header.module.css';
import { useCartCount } from './use-cart-count';

// The menus are MUI and load with their first use (or when the pointer or focus reaches their button).
const loadMenus = () => import('./header-menus');
const MySpaceMenu = lazyPart(() => loadMenus().then((m) => ({ default: m.MySpaceMenu })));
const ProfileMenu = lazyPart(() => loadMenus().then((m) => ({ default: m.ProfileMenu })));
const NavMenu = lazyPart(() => loadMenus().then((m) => ({ default: m.NavMenu })));

/** Pages after which a fresh sign-in should land on the default target rather than come back. */
const ENTRY_PAGES: readonly string[] = [paths.root, paths.welcome, paths.login];

/** A button that opens a lazily loaded menu, wired for assistive technology. */
function useMenuTrigger() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  return {
    anchor,
    close: () => setAnchor(null),
    ids: { buttonId, menuId },
    buttonProps: {
      id: buttonId,
      type: 'button' as const,
      'aria-controls': open ? menuId : undefined,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
      onPointerEnter: () => void loadMenus(),
      onFocus: () => void loadMenus(),
    },
  };
}

/**
 * The header of spec product §2.4: My space menu, assets, documents, the external support link, Admin for
 * admins and company space admins, the cart with its item count, and the profile menu, or login and register
 * for anonymous visitors. On a phone the links move behind the menu button.
 */
export function AppHeader() {
  const { t } = useI18n();
  const signedIn = useSessionUser() !== null;
  const canOpenAdmin = useCanOpenAdmin();
  const location = useLocation();
  const mySpace = useMenuTrigger();
  const navMenu = useMenuTrigger();
  const redirectTo = ENTRY_PAGES.includes(location.pathname)
    ? undefined
    : `${location.pathname}${location.search}`;
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    buttonClass({ className: isActive ? styles.active : undefined });

  return (
    <header className={styles.header}>
      <div className={styles.toolbar}>
        <RouterLink to={paths.welcome} className={styles.brand} aria-label={t('nav.home')}>
          {t('app.name')}
        </RouterLink>
        <nav aria-label={t('nav.main')} className={styles.nav}>
          {signedIn && (
            <button className={buttonClass()} {...mySpace.buttonProps}>
              {t('nav.mySpace')}
              <Icon name="expandMore" small />
            </button>
          )}
          <NavLink to={paths.assets} className={navLinkClass}>
            {t('nav.assets')}
          </NavLink>
          <NavLink to={paths.documents} className={navLinkClass}>
            {t('nav.documents')}
          </NavLink>
          <ExternalLink
            href={externalLinks.support}
            className={buttonClass()}
            newTabLabel={t('app.opensInNewTab')}
          >
            {t('nav.support')}
            <Icon name="openInNew" small />
          </ExternalLink>
          {canOpenAdmin && (
            // The console is another app: a plain link, so the browser loads it.
            <a href={paths.admin} className={buttonClass()}>
              {t('nav.admin')}
            </a>
          )}
        </nav>
        <CartLink />
        {signedIn ? (
          <ProfileButton />
        ) : (
          <>
            <ButtonLink to={loginPath({ redirectTo })} variant="outlined">
              {t('nav.login')}
            </ButtonLink>
            <ButtonLink to={loginPath({ register: true })} variant="contained" className={styles.register}>
              {t('nav.register')}
            </ButtonLink>
          </>
        )}
        <button
          className={`${ui.iconButton} ${styles.menuButton}`}
          aria-label={t('nav.openMenu')}
          {...navMenu.buttonProps}
        >
          <Icon name="menu" />
        </button>
      </div>
      <Suspense fallback={null}>
        {mySpace.anchor && <MySpaceMenu anchor={mySpace.anchor} onClose={mySpace.close} {...mySpace.ids} />}
        {navMenu.anchor && (
          <NavMenu
            anchor={navMenu.anchor}
            onClose={navMenu.close}
            {...navMenu.ids}
            signedIn={signedIn}
            canOpenAdmin={canOpenAdmin}
          />
        )}
      </Suspense>
    </header>
  );
}

/** The profile menu's button: the user's name (an icon alone on a phone). */
function ProfileButton() {
  const { t } = useI18n();
  const { data: user, isError } = useCurrentUser();
  const menu = useMenuTrigger();
  const name = user ? displayName(user) : isError ? t('profile.account') : null;
  return (
    <>
      <button
        className={`${buttonClass()} ${styles.profileButton}`}
        aria-label={name ?? t('profile.menu')}
        {...menu.buttonProps}
      >
        <Icon name="account" />
        <span className={styles.profileName}>
          {name ?? <VisuallyHidden>{t('profile.loadingName')}</VisuallyHidden>}
        </span>
      </button>
      {menu.anchor && (
        <Suspense fallback={null}>
          <ProfileMenu anchor={menu.anchor} onClose={menu.close} {...menu.ids} />
        </Suspense>
      )}
    </>
  );
}

/** The cart link with its item count (spec product §2.4). */
function CartLink() {
  const { t } = useI18n();
  const count = useCartCount();
  return (
    <RouterLink
      to={paths.cart}
      className={ui.iconButton}
      aria-label={count > 0 ? t('nav.cartWithCount', { count }) : t('nav.cart')}
    >
      <Icon name="cart" />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </RouterLink>
  );
}
