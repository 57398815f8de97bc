import type { ReactNode } from 'react';
import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { EmptyState } from './query-states';

/**
 * A catalogue item that does not exist (or not for this visitor): a soft 404 under the page's own heading, with
 * the tab titled "Page not found" by the caller and robots asked to skip it.
 */
export function NotFoundBlock({ text, action }: { text: string; action?: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <meta name="robots" content="noindex" />
      <EmptyState
        icon={<SearchOff />}
        title={t('page.notFound')}
        text={text}
        action={
          action ?? (
            <Button component={RouterLink} to={paths.assets} variant="outlined">
              {t('commerce.browseCatalogue')}
            </Button>
          )
        }
      />
    </>
  );
}
