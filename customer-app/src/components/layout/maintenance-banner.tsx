import { isMaintenanceBannerVisible } from '@portal/resources';
import { useCallback, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { usePortal } from '../../lib/portal-context';
import { useShellQuery } from '../../session/shell-cache';
import ui from '../../styles/ui.module.css';
import { Icon } from '../ui/icon';
import styles from './layout.module.css';

/** Session storage: the text of the banner the user closed. A new text shows again. */
const MAINTENANCE_CLOSED_KEY = 'portal:maintenance-closed';

/** The maintenance banner of `GET /maintenance` (spec product §2.4, §4): shown while `show` is true, closable. */
export function MaintenanceBanner() {
  const { t } = useI18n();
  const { api } = usePortal();
  // Silent: a portal whose notice cannot be read shows no banner.
  const load = useCallback(() => api.getMaintenance(), [api]);
  const { data } = useShellQuery(api, 'maintenance', load);
  const [closedText, setClosedText] = useState(() =>
    typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(MAINTENANCE_CLOSED_KEY),
  );
  if (!data || !isMaintenanceBannerVisible(data, closedText === data.text)) return null;

  const close = () => {
    sessionStorage.setItem(MAINTENANCE_CLOSED_KEY, data.text);
    setClosedText(data.text);
  };
  return (
    <section aria-label={t('banner.maintenance')} className={styles.maintenance}>
      <p role="status">{data.text}</p>
      <button
        type="button"
        className={ui.iconButton}
        aria-label={t('banner.closeMaintenance')}
        onClick={close}
      >
        <Icon name="close" small />
      </button>
    </section>
  );
}
