/**
 * The entry routes of issues 12 and 20 with their budgets: gzip JavaScript on the first load (checked in CI by
 * check-budgets.ts over the built apps, and measured in the browser by `pnpm bench`) and the largest contentful
 * paint goal (measured by `pnpm bench` only: timing figures stay out of the tests).
 */

const KB = 1024;

export interface EntryRoute {
  /** The name in reports: the path, or what the page is. */
  name: string;
  app: 'customer-app' | 'admin-app';
  /** The path the browser opens. */
  path: string;
  /** A demo account to sign in with first (password demo1234); anonymous when unset. */
  signIn?: string;
  /** The goal (issues 12 and 20): at most this many bytes of gzip JavaScript on a cold first load (`pnpm bench`). */
  maxScriptGzip: number;
  /**
   * The budget CI holds the build to, when it differs from the goal: a route that misses its goal today may not
   * grow further while the work to meet the goal is open (scripts/bench/README.md). Unset: the goal itself.
   */
  ciScriptGzip?: number;
  /** The largest contentful paint goal in ms, with the CPU 4× slower; none for the admin console. */
  maxLcpMs?: number;
  /** The total blocking time goal in ms (long tasks after FCP, beyond 50 ms each), with the CPU 4× slower. */
  maxTbtMs?: number;
  /**
   * Source modules (a path part, e.g. `/filter-bar.tsx`, or `node_modules/<name>/`) whose chunks the route's first
   * load fetches beside the entry chunk; see "Budgets without a browser" in scripts/bench/README.md.
   */
  modules: string[];
}

const CUSTOMER_SCRIPT_BUDGET = 150 * KB;
/** The commerce feature's route table: the shell holds only its paths, the first visit loads the rest. */
const COMMERCE_ROUTES = '/commerce/routes.ts';
/**
 * TanStack Query: a route's loader starts its first query through the query client while the page's code loads
 * (issue 20 point 3), so every route with a loader fetches the client and its mutation module on the first load.
 */
const QUERY_CLIENT = ['/app/query-client.ts', '/query-core/build/modern/mutation.js'];
const ADMIN_SCRIPT_BUDGET = 450 * KB;
const WELCOME_SCRIPT_BUDGET = 120 * KB;
// Issue 20 point 4's goals, timed on a quiet machine with the CPU slowed down.
const CUSTOMER_LCP_MS = 1500;
const CUSTOMER_TBT_MS = 200;
// Issue 48 point 2: the pages the server renders paint their content before any script runs.
const RENDERED_PAGE_LCP_MS = 600;

export const ENTRY_ROUTES: EntryRoute[] = [
  {
    name: '/welcome',
    app: 'customer-app',
    path: '/welcome',
    maxScriptGzip: WELCOME_SCRIPT_BUDGET,
    maxLcpMs: RENDERED_PAGE_LCP_MS,
    modules: [],
  },
  ...(
    [
      ['/assets', '/assets', '/catalogue/assets-page.tsx'],
      ['/assets/software', '/assets/software', '/catalogue/assets-page.tsx'],
      ['/documents', '/documents', '/catalogue/documents-page.tsx'],
    ] as const
  ).map(([name, path, page]): EntryRoute => ({
    name,
    app: 'customer-app',
    path,
    maxScriptGzip: CUSTOMER_SCRIPT_BUDGET,
    maxLcpMs: RENDERED_PAGE_LCP_MS,
    maxTbtMs: CUSTOMER_TBT_MS,
    // The feature's route table, the catalogue view, the filter bar its route handle asks the layout for, the
    // catalogue's texts, and the queries its loader starts while the page's code loads.
    modules: [
      COMMERCE_ROUTES,
      ...QUERY_CLIENT,
      page,
      '/filter-bar.tsx',
      '/i18n/en-us-catalogue.ts',
      '/commerce/route-queries.ts',
    ],
  })),
  {
    name: 'a tool page',
    app: 'customer-app',
    path: '/assets/nx-motor-control-lib',
    maxScriptGzip: CUSTOMER_SCRIPT_BUDGET,
    maxLcpMs: RENDERED_PAGE_LCP_MS,
    maxTbtMs: CUSTOMER_TBT_MS,
    modules: [
      COMMERCE_ROUTES,
      ...QUERY_CLIENT,
      '/tool/tool-page.tsx',
      '/i18n/en-us-item-pages.ts',
      '/commerce/item-route-queries.ts',
    ],
  },
  {
    name: 'a document page',
    app: 'customer-app',
    path: '/document/doc-nx240-datasheet',
    maxScriptGzip: CUSTOMER_SCRIPT_BUDGET,
    maxLcpMs: RENDERED_PAGE_LCP_MS,
    maxTbtMs: CUSTOMER_TBT_MS,
    modules: [
      COMMERCE_ROUTES,
      ...QUERY_CLIENT,
      '/document/document-page.tsx',
      '/i18n/en-us-item-pages.ts',
      '/commerce/item-route-queries.ts',
    ],
  },
  {
    name: '/my/projects',
    app: 'customer-app',
    path: '/my/projects',
    signIn: 'customer@portal.test',
    maxScriptGzip: CUSTOMER_SCRIPT_BUDGET,
    maxLcpMs: CUSTOMER_LCP_MS,
    maxTbtMs: CUSTOMER_TBT_MS,
    // The feature's route table, the page, its texts and its queries. A signed-in session restores itself
    // without the sign-in library (it loads before the token's expiry).
    modules: [
      '/projects/routes.ts',
      ...QUERY_CLIENT,
      '/my-projects-page.tsx',
      '/i18n/en-us-project-list.ts',
      '/projects/route-queries.ts',
    ],
  },
  {
    name: '/admin boards list',
    app: 'admin-app',
    path: '/admin/boards',
    signIn: 'admin@portal.test',
    maxScriptGzip: ADMIN_SCRIPT_BUDGET,
    modules: [],
  },
];
