import type { DehydratedState } from '@tanstack/react-query';
import { matchPath, type HydrationState } from 'react-router';
import { paths } from '../paths';

/**
 * The public pages the server renders as the anonymous visitor (issue 48); every other path gets the app shell.
 * `/assets/software-bundles` stays a shell: its list depends on the caller's entitlements.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  paths.welcome,
  paths.assets,
  paths.tools,
  paths.assetsSoftware,
  paths.documents,
  paths.tool,
  paths.toolAlias,
  paths.document,
  paths.softwareBundle,
];

/** Whether the server renders this path (the static paths first: `/assets/:featureId` also matches them). */
export const isServerRendered = (pathname: string): boolean =>
  SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);

/** The id of the non-executable `application/json` script that carries {@link ServerData}. */
export const SERVER_DATA_ID = 'portal-server-data';

/** What the browser needs to hydrate a server-rendered page: the router's loader data and the query cache. */
export interface ServerData {
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * The data as the text of a `<script type="application/json">`: `<` is written `\u003c`, so no text of the
 * catalogue can close the element (`</script>`) or open a comment; JSON.parse reads it back unchanged.
 */
export const serverDataText = (data: ServerData): string => JSON.stringify(data).replace(/</g, '\\u003c');

/** The page's server data, or null for the app shell (and a page the server answered with an error status). */
export function readServerData(document: Document): ServerData | null {
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerData;
}
