import type { MessageKey } from '../i18n/i18n';
import { useMatches } from 'react-router';

/** What a route tells the layout: its page title and meta description, and whether it shows the filter bar. */
export interface RouteHandle {
  title?: MessageKey;
  description?: MessageKey;
  /** An item's page, which writes its own description, canonical address and JSON-LD (`PageMeta`). */
  itemMeta?: boolean;
  /** Routes flagged for the filter bar (spec product §2.4). */
  filterBar?: boolean;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}
