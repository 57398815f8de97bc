import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { ButtonLink } from '../../components/ui/button';
import { Icon, type IconName } from '../../components/ui/icon';
import { useI18n } from '../../i18n/i18n';
import { loginPath, paths } from '../../paths';
import { useSessionUser } from '../../session/use-session-user';
import styles from './welcome.module.css';

/** /welcome: what the portal offers, and the way in (spec product §2.1). */
export function WelcomePage() {
  const { t } = useI18n();
  const signedIn = useSessionUser() !== null;
  return (
    <>
      <DocumentTitle title={t('page.welcome')} />
      <section aria-labelledby="welcome-heading" className={styles.hero}>
        <h1 id="welcome-heading">{t('welcome.heading')}</h1>
        <p className={styles.intro}>{t('welcome.intro')}</p>
        <div className={styles.actions}>
          {signedIn ? (
            <ButtonLink to={paths.myProjects} variant="contained" size="large">
              {t('welcome.goToProjects')}
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to={loginPath()} variant="contained" size="large">
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to={loginPath({ register: true })} variant="outlined" size="large">
                {t('nav.register')}
              </ButtonLink>
            </>
          )}
        </div>
      </section>
      <ul aria-label={t('welcome.getStarted')} className={styles.cards}>
        <EntryCard to={paths.createProject} icon="register" title={t('welcome.registerProduct')}>
          {t('welcome.registerProductText')}
        </EntryCard>
        <EntryCard to={paths.assets} icon="inventory" title={t('welcome.software')}>
          {t('welcome.softwareText')}
        </EntryCard>
        <EntryCard to={paths.documents} icon="description" title={t('welcome.documents')}>
          {t('welcome.documentsText')}
        </EntryCard>
      </ul>
    </>
  );
}

function EntryCard({
  to,
  icon,
  title,
  children,
}: {
  to: string;
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={styles.card}>
      <div className={styles.cardIcon}>
        <Icon name={icon} />
      </div>
      <h2 className={styles.cardTitle}>
        <RouterLink to={to}>{title}</RouterLink>
      </h2>
      <p className={styles.cardText}>{children}</p>
    </li>
  );
}
