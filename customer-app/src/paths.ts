import {
  CATALOGUE_ITEM_PATHS,
  OUTDATED_BROWSER_PATH,
  PUBLIC_LIST_PATHS,
  outdatedBrowserPagePath,
} from '@portal/resources';

/** Every route path of the customer app, and builders for the ones that take a query (spec product §2). */
export const paths = {
  root: '/',
  welcome: PUBLIC_LIST_PATHS.welcome,
  login: '/login',
  assets: PUBLIC_LIST_PATHS.assets,
  tools: '/tools',
  software: '/software',
  assetsSoftware: PUBLIC_LIST_PATHS.assetsSoftware,
  assetsSoftwareBundles: PUBLIC_LIST_PATHS.assetsSoftwareBundles,
  documents: PUBLIC_LIST_PATHS.documents,
  tool: CATALOGUE_ITEM_PATHS.tool,
  toolAlias: '/tools/:featureId',
  document: CATALOGUE_ITEM_PATHS.document,
  softwareBundle: CATALOGUE_ITEM_PATHS.softwareBundle,
  browserOutdated: OUTDATED_BROWSER_PATH,
  checkoutResult: '/cart/:id/checkout-result',
  authCallback: '/auth/callback',
  authCallbackError: '/auth/callback-error',
  forbidden: '/forbidden',
  userNotVerified: '/user-not-verified',
  internalUseOnly: '/internal-use-only',
  notFound: '/not-found',

  myOrders: '/my/orders',
  myAssets: '/my/assets',
  mySoftware: '/my/software',
  myInstallers: '/my/installers',
  cart: '/cart',
  cartSummary: '/cart/:id/summary',
  cartQuestionnaire: '/cart/questionnaire',
  qrCodeScan: '/qr-code-scan',
  myProjects: '/my/projects',
  createProject: '/my/projects/create',
  createEsimProject: '/my/projects/create/eSim',
  invitation: '/invitation/:invitationUuid',
  project: '/my/projects/:uid',
  editProject: '/my/projects/:uid/edit',
  manageMembers: '/my/projects/:uid/manage-members',
  addMembers: '/my/projects/:uid/manage-members/add',
  manageNotifications: '/my/projects/:uid/manage-notifications',
  /** Old project links: everything under it goes on to the same path under /my/projects. */
  legacyProjects: '/projects/*',

  /** The admin console is a separate app: link to it with a plain anchor (full page load). */
  admin: '/admin',
} as const;

export interface LoginQuery {
  redirectTo?: string;
  mfa?: boolean;
  register?: boolean;
}

/** `/login?redirectTo=…&useMFA=true&register=true` */
export function loginPath({ redirectTo, mfa, register }: LoginQuery = {}): string {
  const query = new URLSearchParams();
  if (redirectTo) query.set('redirectTo', redirectTo);
  if (mfa) query.set('useMFA', 'true');
  if (register) query.set('register', 'true');
  const search = query.toString();
  return search ? `${paths.login}?${search}` : paths.login;
}

export function readLoginQuery(search: URLSearchParams): LoginQuery {
  return {
    redirectTo: search.get('redirectTo') ?? undefined,
    mfa: search.get('useMFA') === 'true',
    register: search.get('register') === 'true',
  };
}

/** `/my/projects/create?board=…`, the target of a scanned serial number on /welcome. */
export function createProjectPath(board: string): string {
  return `${paths.createProject}?${new URLSearchParams({ board })}`;
}

export function callbackErrorPath(error: string, description?: string): string {
  const query = new URLSearchParams({ error });
  if (description) query.set('error_description', description);
  return `${paths.authCallbackError}?${query}`;
}

/** `/internal-use-only?redirectTo=…`: the page that was refused, to come back to after signing in. */
export const internalUseOnlyPath = (redirectTo: string) =>
  `${paths.internalUseOnly}?${new URLSearchParams({ redirectTo })}`;

/** `/browser-outdated?redirectTo=…`: where "continue anyway" goes. */
export const browserOutdatedPath = outdatedBrowserPagePath;

/** Paths served by the admin console, which need a full page load. */
export function isAdminPath(path: string): boolean {
  return path === paths.admin || path.startsWith(`${paths.admin}/`) || path.startsWith(`${paths.admin}?`);
}

/** The path and query of a URL, as `redirectTo` takes it. */
export function pathWithSearch(url: URL | Location): string {
  return `${url.pathname}${url.search}`;
}
