import {
  ApiError,
  createApiClient,
  createAuthProvider,
  createDataProvider,
  createSession,
  loadPortalConfig,
} from '@portal/data-provider';
import CssBaseline from '@mui/material/CssBaseline';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AccessDeniedPage } from './access-denied-page';
import { loginUrl, resolveAdminAccess } from './access-gate';
import { AdminConsole } from './admin-console';
import { StartupErrorPage } from './startup-error-page';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

function render(node: ReactNode) {
  root.render(<StrictMode>{node}</StrictMode>);
}

async function start(): Promise<void> {
  const config = await loadPortalConfig();
  const session = await createSession(config);
  const api = createApiClient({
    baseUrl: config.apiUrl,
    getAccessToken: () => session.getAccessToken(),
    // Spec §4: a 401 goes to the portal's index page; the refused token is dropped first.
    onUnauthorized: () => void session.clear().then(() => window.location.assign('/')),
  });
  const authProvider = createAuthProvider(session, api);

  const access = await resolveAdminAccess(session, authProvider);
  if (access === 'anonymous') {
    window.location.assign(loginUrl());
    return;
  }
  if (access === 'denied') {
    render(
      <>
        <CssBaseline />
        <AccessDeniedPage />
      </>,
    );
    return;
  }
  render(
    <AdminConsole
      dataProvider={createDataProvider(config.apiUrl, () => session.getAccessToken())}
      authProvider={authProvider}
    />,
  );
}

start().catch((error: unknown) => {
  // A 401 is already on its way to the index page.
  if (error instanceof ApiError && error.status === 401) return;
  console.error(error);
  render(
    <>
      <CssBaseline />
      <StartupErrorPage error={error} />
    </>,
  );
});
