import { displayName } from '@portal/resources';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useI18n } from '../../../i18n/i18n';
import { useCurrentUser } from '../../../session/current-user';
import ui from '../../../styles/ui.module.css';
import styles from './project-list.module.css';

export function ProjectsGreeting() {
  const { t } = useI18n();
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isError) {
    return (
      <Notice
        severity="warning"
        action={<Button onClick={() => void refetch()}>{t('projects.retry')}</Button>}
      >
        {t('projects.profileFailed')}
      </Notice>
    );
  }
  if (isPending) {
    return (
      <p className={`${ui.secondaryText} ${styles.greeting}`} aria-busy="true">
        {t('projects.loadingProfile')}
      </p>
    );
  }
  return (
    <p className={`${ui.secondaryText} ${styles.greeting}`}>
      {t('projects.welcome', { name: displayName(user) })}
    </p>
  );
}
