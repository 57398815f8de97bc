import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { INSTANCE_BANNER_FLAG } from '../../links';
import { useShellQuery } from '../../session/shell-cache';
import styles from './layout.module.css';

/**
 * The instance banner (spec product §2.4) tells a test or staging portal from the real one. It shows while the
 * `instance-banner` feature toggle is on; the server's configuration names no instance.
 */
export function InstanceBanner() {
  const { t } = useI18n();
  const { api } = usePortal();
  // Silent: without the flags the banner stays hidden.
  const load = useCallback(() => api.getEnabledFeatureFlags(), [api]);
  const { data: flags } = useShellQuery(api, 'feature-flags/enabled', load, { staleMs: 5 * 60_000 });
  if (!flags?.includes(INSTANCE_BANNER_FLAG)) return null;
  return (
    <p role="note" className={styles.instance} style={{ margin: 0 }}>
      {t('banner.instance')}
    </p>
  );
}
