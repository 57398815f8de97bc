import { NOTIFICATION_PANEL_WIDTH_PX } from '@portal/resources';
import { Suspense, lazy, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useI18n } from '../i18n/i18n';
import type { NotificationStore } from './notification-store';
import styles from './notifications.module.css';

const panelWidth = { '--portal-notification-width': `${NOTIFICATION_PANEL_WIDTH_PX}px` } as CSSProperties;

// Issue 20: the entries' code (timers, sanitising, error texts) loads with the first notification, so a visitor
// who gets none never downloads it.
const NotificationStack = lazy(() =>
  import('./notification-stack').then(
    (m) => ({ default: m.NotificationStack }),
    // Offline or mid-release the first notice is often about exactly what keeps its code from loading: the entries
    // are then told plainly, never lost, and the page is not reloaded under the user's unsaved input.
    () => ({ default: PlainEntries }),
  ),
);

function PlainEntries({ store }: { store: NotificationStore }) {
  const { t, text } = useI18n();
  return useSyncExternalStore(store.subscribe, store.getSnapshot).map((entry) => (
    <p key={entry.id} role={entry.kind === 'error' ? 'alert' : 'status'} className={styles.entry}>
      {text(entry.title)} {entry.message && text(entry.message)}
      <button type="button" aria-label={t('notifications.close')} onClick={() => store.dismiss(entry.id)}>
        ×
      </button>
    </p>
  ));
}

const hasEntries = (store: NotificationStore) => store.getSnapshot().length > 0;

/** The notification stack of the layout (spec calls §8.5): bottom right, 350 px wide (the screen's width on a phone). */
export function NotificationRegion({ store }: { store: NotificationStore }) {
  const { t } = useI18n();
  // None on the server: notices of the browser's start-up (a sign-in) show once the page has hydrated.
  const notified = useSyncExternalStore(
    store.subscribe,
    () => hasEntries(store),
    () => false,
  );
  // Once loaded, the entries stay mounted: they run the timers that close them.
  const [used, setUsed] = useState(notified);
  if (notified && !used) setUsed(true);
  return (
    <section aria-label={t('notifications.label')} className={styles.stack} style={panelWidth}>
      {used && (
        <Suspense fallback={null}>
          <NotificationStack store={store} />
        </Suspense>
      )}
    </section>
  );
}
