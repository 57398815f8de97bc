import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** The id of the non-executable `application/json` script that carries {@link ServerData}. */
const SERVER_DATA_ID = 'portal-server-data';

/** What the browser needs to hydrate a server-rendered page: the router's loader data and the query cache. */
export interface ServerData {
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * The data as a non-executable `<script type="application/json">`: `<` is written `\u003c`, so no text of the
 * catalogue can close the element (`</script>`) or open a comment; JSON.parse reads it back unchanged.
 */
export const serverDataScript = (data: ServerData): string =>
  `<script type="application/json" id="${SERVER_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The page's server data, or null for the app shell (and a page the server answered with an error status). */
export function readServerData(): ServerData | null {
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerData;
}

/** The comment that brackets a rendered page's head tags: `<!--page-head-->…<!--/page-head-->`. */
export const PAGE_HEAD = 'page-head';

/**
 * Removes the head tags the server wrote for the page: from here on the app writes its own (React hoists them),
 * and the server's would stay beside them twice (a second `noindex`, canonical, Open Graph tags).
 */
export function removeServerHead(): void {
  let inside = false;
  for (const node of [...document.head.childNodes]) {
    const marker = node.nodeType === Node.COMMENT_NODE ? node.nodeValue : null;
    if (marker === PAGE_HEAD || marker === `/${PAGE_HEAD}`) {
      inside = marker === PAGE_HEAD;
      node.remove();
    } else if (inside) node.remove();
  }
}
