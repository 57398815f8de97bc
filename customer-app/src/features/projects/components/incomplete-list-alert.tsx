import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useI18n } from '../../../i18n/i18n';
import { loginPath } from '../../../paths';
import styles from './project-list.module.css';

/** Why a project list is incomplete (spec calls §8.4 'List of projects is incomplete': step-up or retry). */
export type IncompleteReason =
  /** Secure projects are left out until the user signs in with a second factor, which they may. */
  | { kind: 'step-up' }
  /** Secure projects are left out, and this account is not enabled for them. */
  | { kind: 'not-promoted' }
  /** Part of the list could not be loaded. */
  | { kind: 'retry'; retry: () => void; pending: boolean };

export function IncompleteListAlert({ reason }: { reason: IncompleteReason }) {
  const { t } = useI18n();
  const location = useLocation();
  const action =
    reason.kind === 'step-up' ? (
      <ButtonLink to={loginPath({ mfa: true, redirectTo: `${location.pathname}${location.search}` })}>
        {t('projects.incomplete.stepUp')}
      </ButtonLink>
    ) : reason.kind === 'retry' ? (
      <Button onClick={reason.retry} disabled={reason.pending}>
        {t('projects.retry')}
      </Button>
    ) : undefined;
  return (
    <Notice
      severity="warning"
      role="alert"
      title={t('projects.incomplete.title')}
      action={action}
      className={styles.incomplete}
    >
      {t(`projects.incomplete.${reason.kind}`)}
    </Notice>
  );
}
