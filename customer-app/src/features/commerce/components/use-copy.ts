import { useCallback } from 'react';
import { usePortal } from '../../../lib/portal-context';
import { key, literal } from '../../../notifications/notification-store';

/** Copies a text (a checksum, an installation key) to the clipboard and says whether it worked. */
export function useCopy(): (text: string, done: string) => void {
  const { notifications } = usePortal();
  return useCallback(
    (text: string, done: string) => {
      const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
      write.then(
        () => notifications.notify({ kind: 'success', title: literal(done) }),
        () =>
          notifications.notify({ kind: 'error', title: key('commerce.copyFailed'), message: literal(text) }),
      );
    },
    [notifications],
  );
}
