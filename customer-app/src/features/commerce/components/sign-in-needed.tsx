import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { loginPath, paths } from '../../../paths';
import type { Account } from './use-account';

/**
 * What an anonymous or unverified visitor sees instead of an action that needs a verified account (spec §6:
 * buying and requesting need sign-in; an unverified account must verify its email and sign in again).
 * Nothing for a verified user. Light components: the tool page shows it before (and without) MUI.
 */
export function SignInNeeded({ account, action }: { account: Account; action: MessageKey }) {
  const { t } = useI18n();
  const location = useLocation();
  if (!account.signedIn) {
    return (
      <Notice
        severity="info"
        action={
          <ButtonLink to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}>
            {t('nav.login')}
          </ButtonLink>
        }
      >
        {t('commerce.signInTo', { action: t(action) })}
      </Notice>
    );
  }
  if (!account.verified) {
    return (
      <Notice
        severity="warning"
        action={<ButtonLink to={paths.userNotVerified}>{t('commerce.verifyNow')}</ButtonLink>}
      >
        {t('commerce.verifyTo', { action: t(action) })}
      </Notice>
    );
  }
  return null;
}
