/** Every route path of the customer app, and builders for the ones that take a query (spec product §2). */
export const paths = {
  root: '/',
  welcome: '/welcome',
  login: '/login',
  authCallback: '/auth/callback',
  authCallbackError: '/auth/callback-error',
  myProjects: '/my/projects',
  createProject: '/my/projects/create',
  assets: '/assets',
  documents: '/documents',
  forbidden: '/forbidden',
  userNotVerified: '/user-not-verified',
  notFound: '/not-found',
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

/** Paths served by the admin console, which need a full page load. */
export function isAdminPath(path: string): boolean {
  return path === paths.admin || path.startsWith(`${paths.admin}/`) || path.startsWith(`${paths.admin}?`);
}
