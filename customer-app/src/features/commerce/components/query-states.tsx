import Inbox from '@mui/icons-material/Inbox';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ApiError } from '@portal/data-provider';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { statusTitleKey } from '../../../notifications/error-notice';

/** A part of a page that is loading: a spinner with a text screen readers announce. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={28} aria-hidden="true" />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** A failed load: the status title of spec calls §8.2, the server's message and a retry. */
export function ErrorBlock({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useI18n();
  const status = error instanceof ApiError ? error.status : -1;
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('commerce.retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? (status >= 0 ? t(statusTitleKey(status)) : t('error.unknown'))}</AlertTitle>
      {error instanceof Error && error.message ? error.message : t('app.unexpectedError')}
      {error instanceof ApiError && error.supportId && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {t('notifications.supportId', { supportId: error.supportId })}
        </Box>
      )}
    </Alert>
  );
}

/** Nothing to show: a headline, a sentence and a way on. */
export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }} aria-hidden="true">
        {icon ?? <Inbox />}
      </Box>
      <Typography variant="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}

/** A 404; with `badId`, also the 400 a malformed id in the path gets (it cannot name anything either). */
export const isNotFound = (error: unknown, { badId = false } = {}) =>
  error instanceof ApiError && (error.status === 404 || (badId && error.status === 400));
