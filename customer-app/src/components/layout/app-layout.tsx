import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useRouteHandle } from '../../app/route-handle';
import { lazyPart } from '../../app/lazy-page';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { NotificationRegion } from '../../notifications/notification-region';
import { PageMeta } from '../page-meta';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { InstanceBanner } from './instance-banner';
import styles from './layout.module.css';
import { MaintenanceBanner } from './maintenance-banner';
import { NavigationProgress } from './navigation-progress';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

const FilterBar = lazyPart(() => import('./filter-bar').then((m) => ({ default: m.FilterBar })));

/**
 * The frame of every page (spec product §2.4): notification stack, header, maintenance and instance banners,
 * the filter bar on routes flagged for it, the page, the footer.
 */
export function AppLayout() {
  const { t } = useI18n();
  const { notifications } = usePortal();
  const handle = useRouteHandle();
  useScrollOnNavigate();
  return (
    <div className={styles.root}>
      {!handle.itemMeta && (
        <PageMeta
          title={t(handle.title ?? 'app.name')}
          description={t(handle.description ?? 'app.description')}
        />
      )}
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <NotificationRegion store={notifications} />
      <AppHeader />
      <MaintenanceBanner />
      <InstanceBanner />
      {handle.filterBar && (
        <Suspense fallback={<div className={styles.filterBarSpace} />}>
          <FilterBar />
        </Suspense>
      )}
      <NavigationProgress />
      <main id="main" tabIndex={-1} className={`${styles.container} ${styles.main}`}>
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
