import { ApiError } from '@portal/data-provider';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from '../components/status-page';
import { ForbiddenPage } from '../features/system/forbidden-page';
import { NotFoundPage } from '../features/system/not-found-page';

/** Error boundary of all pages (spec product §2.5: 403 → forbidden, 404 → not found). */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) || error instanceof ApiError ? error.status : undefined;
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;
  return (
    <StatusPage
      title="Something went wrong"
      noindex
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    >
      {error instanceof Error ? error.message : 'An unexpected error occurred.'}
    </StatusPage>
  );
}
