import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { loginPath, paths } from '../../../paths';
import type { Account } from './use-account';

/**
 * What an anonymous or unverified visitor sees instead of an action that needs a verified account (spec §6:
 * buying and requesting need sign-in; an unverified account must verify its email and sign in again).
 * Nothing for a verified user.
 */
export function SignInNeeded({ account, action }: { account: Account; action: MessageKey }) {
  const { t } = useI18n();
  const location = useLocation();
  if (!account.signedIn) {
    return (
      <Alert
        severity="info"
        action={
          <Button
            component={RouterLink}
            to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
            color="inherit"
            size="small"
          >
            {t('nav.login')}
          </Button>
        }
      >
        {t('commerce.signInTo', { action: t(action) })}
      </Alert>
    );
  }
  if (!account.verified) {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={paths.userNotVerified} color="inherit" size="small">
            {t('commerce.verifyNow')}
          </Button>
        }
      >
        {t('commerce.verifyTo', { action: t(action) })}
      </Alert>
    );
  }
  return null;
}
