import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { ApiError } from '@portal/data-provider';
import { cartEntryKey, isErrorCode } from '@portal/resources';
import { useI18n } from '../../../i18n/i18n';
import { statusTitleKey } from '../../../notifications/error-notice';
import { entryName } from '../cart/cart-entries';
import type { StoredCartEntry } from '../cart/cart-store';

/**
 * Why a checkout was refused, each reason with the cart entries it names (the API lists their cart keys):
 * entries no longer available, not orderable or requestable, billing issues, unanswered questions.
 */
export function CheckoutError({ error, entries }: { error: unknown; entries: readonly StoredCartEntry[] }) {
  const { t } = useI18n();
  const names = new Map(entries.map((entry) => [cartEntryKey(entry), entryName(entry)]));
  const items = error instanceof ApiError ? error.errors : [];
  const status = error instanceof ApiError ? error.status : -1;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{status >= 0 ? t(statusTitleKey(status)) : t('error.unknown')}</AlertTitle>
      {items.length === 0 ? (
        error instanceof Error ? (
          error.message
        ) : (
          t('app.unexpectedError')
        )
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {[
            ...new Set(
              items.map((item) => {
                const message = isErrorCode(item.errorCode)
                  ? t(`errorCode.${item.errorCode}`)
                  : item.messages.join(' ');
                const named = item.resources.map((resource) => names.get(resource)).filter(Boolean);
                return named.length ? `${message} ${named.join(', ')}` : message;
              }),
            ),
          ].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
