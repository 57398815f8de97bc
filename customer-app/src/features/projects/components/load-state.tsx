import { ApiError } from '@portal/data-provider';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useI18n } from '../../../i18n/i18n';
import { statusTitleKey } from '../../../notifications/status-title';
import { paths } from '../../../paths';
import styles from './project-list.module.css';

// The shell's light components, not MUI: the project list shows these before (and without) MUI.

/** A placeholder while a page's data loads; screen readers hear that it is loading. */
export function LoadingBlock({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          className={index === 0 ? `${styles.skeleton} ${styles.skeletonFirst}` : styles.skeleton}
        />
      ))}
    </div>
  );
}

/**
 * A failed load: the status title and the server's message, a retry for errors that may pass, and a way back to
 * the project list when the thing is gone (404) or not the user's (403).
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const status = error instanceof ApiError ? error.status : null;
  const final = status === 403 || status === 404;
  return (
    <Notice
      severity="error"
      role="alert"
      title={status === null ? t('error.unknown') : t(statusTitleKey(status))}
      action={
        final ? (
          <ButtonLink to={paths.myProjects}>{t('projects.backToList')}</ButtonLink>
        ) : (
          onRetry && <Button onClick={onRetry}>{t('projects.retry')}</Button>
        )
      }
    >
      {error instanceof Error && error.message ? error.message : t('app.unexpectedError')}
    </Notice>
  );
}
