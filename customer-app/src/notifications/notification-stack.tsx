import { NOTIFICATION_TICK_MS, sanitizeNotificationMessage, tickNotification } from '@portal/resources';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Icon } from '../components/ui/icon';
import { useI18n, type Text } from '../i18n/i18n';
import ui from '../styles/ui.module.css';
import { errorTextsLoaded, loadErrorTexts, needsErrorTexts } from './error-texts';
import type { NotificationStore, PortalNotification } from './notification-store';
import styles from './notifications.module.css';

/**
 * The entries of the notification stack (spec calls §8.5), newest last, inside the layout's `NotificationRegion`
 * (which loads this module with the first notification). Errors are announced at once (role alert), the others
 * politely (role status).
 */
export function NotificationStack({ store }: { store: NotificationStore }) {
  const entries = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // An entry with an error code's text waits for those texts (not in the shell) rather than show a bare key;
  // should they fail to load, it shows what it has.
  const [textsFailed, setTextsFailed] = useState(false);
  const [, setTextsLoaded] = useState(false);
  const waiting = !textsFailed && !errorTextsLoaded() && entries.some(needsErrorTexts);
  useEffect(() => {
    if (waiting)
      loadErrorTexts().then(
        () => setTextsLoaded(true),
        () => setTextsFailed(true),
      );
  }, [waiting]);
  return (waiting ? entries.filter((entry) => !needsErrorTexts(entry)) : entries).map((entry) => (
    <NotificationEntry key={entry.id} entry={entry} onClose={() => store.dismiss(entry.id)} />
  ));
}

/**
 * One entry and its timer: every 25 ms the remaining time drops by a tick unless the pointer or the keyboard
 * focus is on the entry (hovering pauses it); it closes once the time has passed -150 ms.
 */
function NotificationEntry({ entry, onClose }: { entry: PortalNotification; onClose: () => void }) {
  const { t, text } = useI18n();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const pausedRef = useRef(paused);
  const closeRef = useRef(onClose);
  const [remaining, setRemaining] = useState(entry.durationMs);

  useEffect(() => {
    pausedRef.current = paused;
    closeRef.current = onClose;
  });

  useEffect(() => {
    let remainingMs = entry.durationMs;
    const timer = setInterval(() => {
      const next = tickNotification(remainingMs, pausedRef.current);
      remainingMs = next.remainingMs;
      setRemaining(remainingMs);
      if (next.closed) {
        clearInterval(timer);
        closeRef.current();
      }
    }, NOTIFICATION_TICK_MS);
    return () => clearInterval(timer);
  }, [entry.durationMs]);

  const isError = entry.kind === 'error';
  const progress = Math.max(0, Math.min(100, (remaining / entry.durationMs) * 100));
  return (
    <div
      role={isError ? 'alert' : 'status'}
      className={`${styles.entry} ${styles[entry.kind] ?? ''}`}
      data-paused={paused ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className={styles.content}>
        <p className={styles.title}>{text(entry.title)}</p>
        {entry.message && <Message text={entry.message} />}
        {entry.details?.map((detail, index) => (
          <div key={index} className={styles.detail}>
            <Message text={detail} />
          </div>
        ))}
      </div>
      <button type="button" className={ui.iconButton} aria-label={t('notifications.close')} onClick={onClose}>
        <Icon name="close" small />
      </button>
      <div className={styles.timer} aria-hidden="true" style={{ width: `${progress}%` }} />
    </div>
  );
}

/** Catalogue texts are plain text; a server's message may carry markup and is sanitised first (spec §5). */
function Message({ text: value }: { text: Text }) {
  const { text } = useI18n();
  if ('literal' in value) {
    return <span dangerouslySetInnerHTML={{ __html: sanitizeNotificationMessage(value.literal) }} />;
  }
  return <span>{text(value)}</span>;
}
