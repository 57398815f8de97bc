import { DEFAULT_LOCALE } from '@portal/resources';
import { QueryClientContext } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '../i18n/i18n';
import { PortalProvider } from '../lib/portal-context';
import type { Portal } from './create-portal';
import type { QueryClientLoader } from './query-client-loader';

/**
 * Provides the query client once it has loaded. The element stays the same before and after, so nothing below
 * mounts anew; the pages that query wait for the client before they render (`lazyPage`).
 */
function LazyQueryClientProvider({ loader, children }: { loader: QueryClientLoader; children: ReactNode }) {
  const client = useSyncExternalStore(loader.subscribe, loader.current);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

export function App({ portal }: { portal: Portal }) {
  return (
    <I18nProvider locale={DEFAULT_LOCALE}>
      <PortalProvider services={portal.services}>
        <LazyQueryClientProvider loader={portal.queryClient}>
          <RouterProvider router={portal.router} />
        </LazyQueryClientProvider>
      </PortalProvider>
    </I18nProvider>
  );
}
