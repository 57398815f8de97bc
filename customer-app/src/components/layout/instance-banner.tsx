import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { INSTANCE_BANNER_FLAG } from '../../links';
import styles from './layout.module.css';

/**
 * The instance banner (spec product §2.4) tells a test or staging portal from the real one. It shows while the
 * `instance-banner` feature toggle is on; the server's configuration names no instance.
 */
export function InstanceBanner() {
  const { t } = useI18n();
  const { api } = usePortal();
  const { data: flags } = useQuery({
    queryKey: ['feature-flags', 'enabled'],
    queryFn: ({ signal }) => api.getEnabledFeatureFlags({ signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  if (!flags?.includes(INSTANCE_BANNER_FLAG)) return null;
  return (
    <p role="note" className={styles.instance} style={{ margin: 0 }}>
      {t('banner.instance')}
    </p>
  );
}
