import { toastDuration, type ToastKind } from '@portal/resources';
import type { MessageParams, Text } from '../i18n/i18n';

type NotificationKind = ToastKind;

export interface PortalNotification {
  id: number;
  kind: NotificationKind;
  title: Text;
  /** Literal messages (the server's words) may hold markup; it is sanitised before display. */
  message?: Text;
  /** Further lines: the items of a coded error, a support ID. */
  details?: readonly Text[];
  durationMs: number;
}

export interface NotifyInput {
  kind: NotificationKind;
  title: Text;
  message?: Text;
  details?: readonly Text[];
  /** An error carrying an error code of spec calls §8.3 stays 20 s instead of 5 s. */
  coded?: boolean;
}

/** How many entries stay on screen; older ones leave first. */
const MAX_VISIBLE = 5;

/**
 * The notification stack of spec calls §8.5: entries with their type and duration. The stack component
 * runs each entry's timer; "global errors go to the notification store" through `notify`.
 */
export class NotificationStore {
  private entries: readonly PortalNotification[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  notify({ kind, title, message, details, coded = false }: NotifyInput): number {
    const id = this.nextId++;
    const entry: PortalNotification = {
      id,
      kind,
      title,
      message,
      details,
      durationMs: toastDuration(kind, { coded }),
    };
    this.entries = [...this.entries, entry].slice(-MAX_VISIBLE);
    this.emit();
    return id;
  }

  dismiss(id: number): void {
    if (!this.entries.some((entry) => entry.id === id)) return;
    this.entries = this.entries.filter((entry) => entry.id !== id);
    this.emit();
  }

  clear(): void {
    if (this.entries.length === 0) return;
    this.entries = [];
    this.emit();
  }

  getSnapshot = (): readonly PortalNotification[] => this.entries;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const key = (messageKey: Extract<Text, { key: unknown }>['key'], params?: MessageParams): Text => ({
  key: messageKey,
  params,
});
export const literal = (text: string): Text => ({ literal: text });

export type BatchAction = 'added' | 'deleted' | 'updated';

/**
 * A batch summary (spec calls §8.5): one entry for a whole add, delete or update of several items, a success
 * when all went through and an error naming how many did.
 */
export function notifyBatch(
  store: NotificationStore,
  { action, succeeded, total }: { action: BatchAction; succeeded: number; total: number },
): number {
  return store.notify({
    kind: succeeded === total ? 'success' : 'error',
    title: key(`notifications.batch.${action}`),
    message: key('notifications.batch.summary', { succeeded, count: total }),
  });
}
