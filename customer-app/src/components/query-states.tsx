import { ApiError } from '@portal/data-provider';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { Button } from './ui/button';
import { SvgIcon } from './ui/icon';
import { inbox } from './ui/page-icons';
import { useI18n } from '../i18n/i18n';
import { statusTitleKey } from '../notifications/status-title';
import ui from '../styles/ui.module.css';
import styles from './query-states.module.css';

// The shell's light components, not MUI: the catalogue lists show these before (and without) MUI.

/** A part of a page that is loading: a spinner with a text screen readers announce. */
export function LoadingBlock({ label }: { label: string }) {
  return <PageLoader label={label} />;
}

/** A failed load: the status title of spec calls §8.2, the server's message and a retry. */
export function ErrorBlock({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useI18n();
  const status = error instanceof ApiError ? error.status : -1;
  return (
    <div role="alert" className={`${ui.alert} ${ui.errorAlert}`}>
      <div>
        <p className={ui.alertTitle}>
          {title ?? (status >= 0 ? t(statusTitleKey(status)) : t('error.unknown'))}
        </p>
        {error instanceof Error && error.message ? error.message : t('app.unexpectedError')}
        {error instanceof ApiError && error.supportId && (
          <span className={styles.supportId}>
            {t('notifications.supportId', { supportId: error.supportId })}
          </span>
        )}
      </div>
      {onRetry && <Button onClick={onRetry}>{t('commerce.retry')}</Button>}
    </div>
  );
}

/** Nothing to show: a headline, a sentence and a way on. */
export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <section className={`${ui.paper} ${styles.empty}`}>
      <div className={styles.emptyIcon} aria-hidden="true">
        {icon ?? <SvgIcon d={inbox} />}
      </div>
      <h2 className={styles.emptyTitle}>{title}</h2>
      {text && <p className={ui.secondaryText}>{text}</p>}
      {action && <div className={styles.emptyAction}>{action}</div>}
    </section>
  );
}

/** A 404; with `badId`, also the 400 a malformed id in the path gets (it cannot name anything either). */
export const isNotFound = (error: unknown, { badId = false } = {}) =>
  error instanceof ApiError && (error.status === 404 || (badId && error.status === 400));
