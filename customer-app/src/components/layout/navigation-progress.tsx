import { useNavigation } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import styles from './layout.module.css';

/** A thin bar under the header while the next page loads. */
export function NavigationProgress() {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className={styles.progress}>
      {busy && <div role="progressbar" aria-label={t('app.loadingPage')} className={styles.progressBar} />}
    </div>
  );
}
