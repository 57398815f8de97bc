import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { SvgIcon } from '../../../components/ui/icon';
import { searchOff } from '../../../components/ui/page-icons';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { EmptyState } from '../../../components/query-states';

/**
 * A catalogue item that does not exist (or not for this visitor): a soft 404 under the page's own heading, with
 * the tab titled "Page not found" by the caller and robots asked to skip it. Light components, no MUI.
 */
export function NotFoundBlock({ text, action }: { text: string; action?: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <meta name="robots" content="noindex" />
      <EmptyState
        icon={<SvgIcon d={searchOff} />}
        title={t('page.notFound')}
        text={text}
        action={
          action ?? (
            <ButtonLink to={paths.assets} variant="outlined">
              {t('commerce.browseCatalogue')}
            </ButtonLink>
          )
        }
      />
    </>
  );
}
