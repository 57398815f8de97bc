import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { ApiError } from '@portal/data-provider';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { statusTitleKey } from '../../../notifications/error-notice';
import { paths } from '../../../paths';

/** A placeholder while a page's data loads; screen readers hear that it is loading. */
export function LoadingBlock({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <Box role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={index === 0 ? 48 : 24} sx={{ mb: 1.5 }} />
      ))}
    </Box>
  );
}

/**
 * A failed load: the status title and the server's message, a retry for errors that may pass, and a way back to
 * the project list when the thing is gone (404) or not the user's (403).
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const status = error instanceof ApiError ? error.status : null;
  const final = status === 403 || status === 404;
  return (
    <Alert
      severity="error"
      action={
        final ? (
          <Button component={RouterLink} to={paths.myProjects} color="inherit" size="small">
            {t('projects.backToList')}
          </Button>
        ) : (
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('projects.retry')}
            </Button>
          )
        )
      }
    >
      <AlertTitle>{status === null ? t('error.unknown') : t(statusTitleKey(status))}</AlertTitle>
      {error instanceof Error && error.message ? error.message : t('app.unexpectedError')}
    </Alert>
  );
}
