import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { PortalProvider } from '../lib/portal-context';
import type { Portal } from './create-portal';
import { theme } from './theme';

export function App({ portal }: { portal: Portal }) {
  return (
    <PortalProvider services={portal.services}>
      <QueryClientProvider client={portal.queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={portal.router} />
        </ThemeProvider>
      </QueryClientProvider>
    </PortalProvider>
  );
}
