import type { ProjectStatus } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';
import styles from './project-list.module.css';

/** A project's status (spec product §4): dark text on grey for contrast, a coloured dot for a quick glance. */
export function StatusChip({ status }: { status: ProjectStatus }) {
  const { t } = useI18n();
  return (
    <span className={styles.statusChip}>
      <span className={`${styles.dot} ${styles[`dot-${status}`]}`} aria-hidden="true" />
      {t(`project.status.${status}`)}
    </span>
  );
}
