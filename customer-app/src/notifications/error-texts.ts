import { addTexts, hasText, type Text } from '../i18n/i18n';
import type { PortalNotification } from './notification-store';

let loading: Promise<void> | undefined;

/** The error codes' texts (`i18n/en-us-errors.ts`), loaded once; a failed load may be tried again. */
export function loadErrorTexts(): Promise<void> {
  loading ??= import('../i18n/en-us-errors').then(
    (module) => addTexts(module.errorTexts),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const errorTextsLoaded = () => hasText('errorCode.forbidden');

const isErrorCodeText = (text: Text | undefined) =>
  !!text && 'key' in text && text.key.startsWith('errorCode');

/** Whether a notification shows an error code's text, which must be loaded first. */
export const needsErrorTexts = (entry: PortalNotification) =>
  [entry.title, entry.message, ...(entry.details ?? [])].some(isErrorCodeText);
