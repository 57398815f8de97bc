import { ApiError } from '@portal/data-provider';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { StatusPage } from '../components/status-page';
import { Button } from '../components/ui/button';
import { ForbiddenPage } from '../features/system/forbidden-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { useI18n } from '../i18n/i18n';
import { statusTitleKey } from '../notifications/status-title';
import { PageLoadFailure } from './lazy-page';

/**
 * Error boundary of all pages (spec product §2.5): 403 → forbidden with its support ID, 404 → not found, a page
 * whose code failed to load → one reload, here, at the page asked for.
 */
export function RouteErrorPage() {
  const { t } = useI18n();
  const error = useRouteError();
  if (error instanceof PageLoadFailure && error.reload) return <ReloadPage />;
  const status = isRouteErrorResponse(error) || error instanceof ApiError ? error.status : undefined;
  if (status === 404) return <NotFoundPage />;
  if (status === 403)
    return <ForbiddenPage supportId={error instanceof ApiError ? error.supportId : undefined} />;
  return (
    <StatusPage
      title={error instanceof ApiError ? t(statusTitleKey(error.status)) : t('app.somethingWentWrong')}
      noindex
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      }
    >
      {error instanceof Error ? error.message : t('app.unexpectedError')}
    </StatusPage>
  );
}

function ReloadPage() {
  useEffect(() => window.location.reload(), []);
  return <PageLoader />;
}
