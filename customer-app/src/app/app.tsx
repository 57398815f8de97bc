import { DEFAULT_LOCALE } from '@portal/resources';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { I18nProvider } from '../i18n/i18n';
import { PortalProvider } from '../lib/portal-context';
import type { Portal } from './create-portal';

export function App({ portal }: { portal: Portal }) {
  return (
    <I18nProvider locale={DEFAULT_LOCALE}>
      <PortalProvider services={portal.services}>
        <QueryClientProvider client={portal.queryClient}>
          <RouterProvider router={portal.router} />
        </QueryClientProvider>
      </PortalProvider>
    </I18nProvider>
  );
}
