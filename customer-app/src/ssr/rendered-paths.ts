import { matchPath } from 'react-router';
import { paths } from '../paths';

/**
 * The public pages the server renders as the anonymous visitor (issue 48); every other path gets the app shell.
 * `/assets/software-bundles` is not among them (issue 48 names the catalogue, software and documents views).
 */
const SERVER_RENDERED_PATHS: readonly string[] = [
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

/** Whether the server renders this path (`/assets/:featureId` also matches the bundles' list: not that one). */
export const isServerRendered = (pathname: string): boolean =>
  matchPath(paths.assetsSoftwareBundles, pathname) === null &&
  SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
