import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { loginPath } from '../../../paths';

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
      <Button
        component={RouterLink}
        to={loginPath({ mfa: true, redirectTo: `${location.pathname}${location.search}` })}
        color="inherit"
        size="small"
      >
        {t('projects.incomplete.stepUp')}
      </Button>
    ) : reason.kind === 'retry' ? (
      <Button color="inherit" size="small" onClick={reason.retry} disabled={reason.pending}>
        {t('projects.retry')}
      </Button>
    ) : undefined;
  return (
    <Alert severity="warning" action={action} sx={{ mb: 3 }}>
      <AlertTitle>{t('projects.incomplete.title')}</AlertTitle>
      {t(`projects.incomplete.${reason.kind}`)}
    </Alert>
  );
}
