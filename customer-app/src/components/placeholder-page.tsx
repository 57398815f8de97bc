import { useRouteHandle } from '../app/route-handle';
import { useI18n } from '../i18n/i18n';
import { StatusPage } from './status-page';

/** A route whose page comes with a later feature: its title, and a short note. */
export function PlaceholderPage() {
  const { t } = useI18n();
  const { title } = useRouteHandle();
  return <StatusPage title={title ? t(title) : t('app.name')}>{t('placeholder.text')}</StatusPage>;
}
