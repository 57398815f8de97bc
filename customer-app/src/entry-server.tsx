import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { ApiError, Session, createApiClient, loadPortalConfig } from '@portal/data-provider';
import { dehydrate, type Query, type QueryClient, type QueryObserverOptions } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { ServerRedirectProvider } from './components/redirect';
import { loadedQueryClient, setPagesQueryClient } from './app/query-client-loader';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/router';
import { setServerCart } from './features/commerce/cart/cart-store';
import { NotificationStore } from './notifications/notification-store';
import type { GuardDeps } from './session/guards';
import { ToolApiVersionStore } from './session/tool-api-version';
import { memoryStorage } from './ssr/memory-storage';
import { isServerRendered } from './ssr/rendered-paths';
import { PAGE_HEAD, serverDataScript, type ServerData } from './ssr/server-data';

export interface RenderRequest {
  /** The page's absolute address at the portal's public origin. */
  url: string;
  userAgent: string;
  /** The portal's API in-process: the server answers these requests itself, as the anonymous visitor. */
  fetch: typeof fetch;
}

/** A rendered page: its status, what goes into the head, the root's HTML, the hydration data. */
export interface RenderedPage {
  kind: 'page';
  status: 200 | 404;
  head: string;
  html: string;
  /** The hydration data's `application/json` script; absent for a 404, which the browser renders afresh. */
  dataScript?: string;
}

/** A page that sends the visitor on (a bundle opened by its catalogue key goes to its UUID's address). */
export interface RedirectAnswer {
  kind: 'redirect';
  location: string;
}

/** The app shell instead, with the reason (a path not rendered here, a redirect, an internal-only item). */
export interface ShellAnswer {
  kind: 'shell';
  reason: string;
}

/** The passes of rendering, fetching the queries a pass found: a page's queries depend on earlier answers. */
const MAX_PASSES = 4;

/**
 * Renders a public page as the anonymous visitor (issue 48) with the browser's routes, loaders, query functions and
 * components; the browser hydrates it (src/main.tsx). Only the paths of `SERVER_RENDERED_PATHS`.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | RedirectAnswer | ShellAnswer> {
  const url = new URL(request.url);
  if (!isServerRendered(url.pathname)) return { kind: 'shell', reason: 'not a server-rendered path' };

  const config = await loadPortalConfig(url.origin, request.fetch);
  const notifications = new NotificationStore();
  // Never started: the visitor is anonymous. Nothing of a browser's session reaches the server.
  const session = new Session(config, {
    origin: url.origin,
    storage: memoryStorage(),
    userStorage: memoryStorage(),
    navigate: () => undefined,
  });
  const api = createApiClient({ baseUrl: config.apiUrl, getAccessToken: () => null, fetch: request.fetch });
  const client = createQueryClient(notifications);
  // One answer per page: a failure is the page's to show (a not-found page) or the shell's, never asked again.
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, retryOnMount: false },
  });
  const queryClient = loadedQueryClient(client);
  // The pages wait for the browser's query client before they render; here it is there from the start.
  setPagesQueryClient(undefined);
  await queryClient.load();
  const deps: GuardDeps = {
    session,
    api,
    queryClient,
    notifications,
    leavingLocation: () => null,
    userAgent: request.userAgent,
    sessionStorage: memoryStorage(),
  };
  const services = {
    config,
    session,
    api,
    notifications,
    toolApiVersion: new ToolApiVersionStore(memoryStorage(), () => undefined),
  };

  setServerCart(memoryStorage());
  const handler = createStaticHandler(appRoutes(deps));
  const context = await handler.query(new Request(url, { headers: { 'user-agent': request.userAgent } }));
  if (context instanceof Response) return { kind: 'shell', reason: `the route answered ${context.status}` };
  if (context.errors) return { kind: 'shell', reason: 'a loader failed' };
  const router = createStaticRouter(handler.dataRoutes, context);

  const emotionCache = createCache({ key: 'css' });
  const emotion = createEmotionServer(emotionCache);
  let redirect: string | undefined;
  const element = (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <ServerRedirectProvider value={(to) => (redirect ??= to)}>
          <AppProviders services={services} queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </ServerRedirectProvider>
      </CacheProvider>
    </StrictMode>
  );

  let html = '';
  for (let pass = 1; ; pass += 1) {
    await settled(client);
    // Decided before rendering: the page would only navigate away (to the internal-use-only page).
    if (failures(client).some(isInternalUseOnly)) return { kind: 'shell', reason: 'internal-use-only item' };
    html = await prerender(element);
    if (redirect) return { kind: 'redirect', location: redirect };
    const waiting = unfetched(client);
    if (waiting.length === 0) break;
    if (pass === MAX_PASSES) return { kind: 'shell', reason: 'queries still waiting after the last pass' };
    await Promise.allSettled(waiting.map((query) => query.fetch()));
  }

  const errors = failures(client);
  const notFound = errors.some((error) => error instanceof ApiError && error.status === 404);
  if (!notFound && errors.length > 0) return { kind: 'shell', reason: 'a query failed' };

  const { head, body } = splitHead(html);
  const { styles: chunks } = emotion.extractCriticalToChunks(body);
  const styles = emotion.constructStyleTagsFromChunks({
    html: body,
    styles: chunks.filter((chunk) => chunk.ids.length > 0),
  });
  if (notFound) return { kind: 'page', status: 404, head: head + styles, html: body };
  const data: ServerData = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(client),
  };
  return { kind: 'page', status: 200, head: head + styles, html: body, dataScript: serverDataScript(data) };
}

const failures = (client: QueryClient): Error[] =>
  client
    .getQueryCache()
    .findAll()
    .map((query) => query.state.error)
    .filter((error) => error !== null);

/**
 * An item kept for internal users: the browser decides with the caller's session (the internal-use-only page, or
 * the item for an internal user), so the server renders nothing of it.
 */
const isInternalUseOnly = (error: Error) =>
  error instanceof ApiError && error.hasErrorCode('internal_use_only');

/** Waits until no query of the page is fetching (the route loaders start theirs without waiting). */
async function settled(client: QueryClient): Promise<void> {
  const fetching = client
    .getQueryCache()
    .findAll({ fetchStatus: 'fetching' })
    .map((query) => query.promise);
  await Promise.allSettled(fetching);
}

/** The queries a render asked for that have no answer yet and are enabled (the browser would fetch them). */
function unfetched(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .findAll({ type: 'all' })
    .filter((query) => {
      // The observer's options the render built the query with (QueryOptions leaves `enabled` out of its type).
      const { enabled } = query.options as Pick<QueryObserverOptions, 'enabled'>;
      const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
    });
}

/** The whole tree once every lazily loaded part has arrived (`prerender` waits for Suspense; nothing streams). */
async function prerender(element: React.ReactElement): Promise<string> {
  // Boundaries in place however large: an outlined one would need React's inline scripts, which the CSP refuses.
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * React writes the page's `<title>`, `<meta>` and `<link>` ahead of the tree; they belong in the document's head,
 * between the markers by which the browser removes them once the app writes its own (`PAGE_HEAD` in main.tsx).
 */
function splitHead(html: string): { head: string; body: string } {
  const hoisted = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(html)?.[0] ?? '';
  return { head: `<!--${PAGE_HEAD}-->${hoisted}<!--/${PAGE_HEAD}-->`, body: html.slice(hoisted.length) };
}
