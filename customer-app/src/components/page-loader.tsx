import { useI18n } from '../i18n/i18n';
import styles from './status.module.css';

/** Centred spinner with a text that screen readers announce. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className={styles.loader}>
      <div className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
