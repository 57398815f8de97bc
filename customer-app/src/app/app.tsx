import { DEFAULT_LOCALE } from '@portal/resources';
import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '../i18n/i18n';
import { PortalProvider, type PortalServices } from '../lib/portal-context';
import type { Portal } from './create-portal';
import type { QueryClientLoader } from './query-client-loader';

/**
 * Provides the query client once it has loaded. The element stays the same before and after, so nothing below
 * mounts anew; the pages that query wait for the client before they render (`lazyPage`). A server-rendered page's
 * client is loaded before hydration, so the server's snapshot and the browser's first one agree.
 */
function LazyQueryClientProvider({ loader, children }: { loader: QueryClientLoader; children: ReactNode }) {
  const client = useSyncExternalStore(loader.subscribe, loader.current, loader.current);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** The providers around the router, the same in the browser and on the server (src/entry-server.tsx). */
export function AppProviders({
  services,
  queryClient,
  children,
}: {
  services: PortalServices;
  queryClient: QueryClientLoader;
  children: ReactNode;
}) {
  return (
    <I18nProvider locale={DEFAULT_LOCALE}>
      <PortalProvider services={services}>
        <LazyQueryClientProvider loader={queryClient}>{children}</LazyQueryClientProvider>
      </PortalProvider>
    </I18nProvider>
  );
}

export function App({ portal }: { portal: Portal }) {
  // `data-ready` once the app answers input (a server-rendered page: once hydrated; tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return (
    <AppProviders services={portal.services} queryClient={portal.queryClient}>
      <RouterProvider router={portal.router} />
    </AppProviders>
  );
}
