import {
  ApiError,
  createApiClient,
  createAuthProvider,
  createSession,
  loadPortalConfig,
} from '@portal/data-provider';
import CssBaseline from '@mui/material/CssBaseline';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AccessDeniedPage } from './access-denied-page';
import { loginUrl, resolveAdminAccess } from './access-gate';
import { AdminConsole } from './admin-console';
import { CONSOLE_DEFINITIONS, DATA_DEFINITIONS } from './definitions';
import { createI18nProvider } from './i18n/i18n-provider';
import { withResourceAccess } from './providers/admin-auth-provider';
import { createAdminDataProvider, createDownload } from './providers/admin-data-provider';
import { resourceAdapters } from './resources/adapters';
import { StartupErrorPage } from './startup-error-page';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
const i18nProvider = createI18nProvider(DATA_DEFINITIONS);
const translate = (key: string) => i18nProvider.translate(key);

function render(node: ReactNode) {
  root.render(<StrictMode>{node}</StrictMode>);
}

async function start(): Promise<void> {
  const config = await loadPortalConfig();
  const session = await createSession(config);
  const getAccessToken = () => session.getAccessToken();
  const api = createApiClient({
    baseUrl: config.apiUrl,
    getAccessToken,
    // Spec §4: a 401 goes to the portal's index page; the refused token is dropped first.
    onUnauthorized: () => void session.clear().then(() => window.location.assign('/')),
  });
  const authProvider = withResourceAccess(createAuthProvider(session, api), DATA_DEFINITIONS);

  const access = await resolveAdminAccess(session, authProvider);
  if (access === 'anonymous') {
    window.location.assign(loginUrl());
    return;
  }
  if (access === 'denied') {
    render(
      <>
        <CssBaseline />
        <AccessDeniedPage translate={translate} />
      </>,
    );
    return;
  }
  const dataProvider = createAdminDataProvider({
    api,
    definitions: DATA_DEFINITIONS,
    adapters: resourceAdapters(api),
  });
  render(
    <AdminConsole
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      api={{ api, download: createDownload({ api }) }}
      definitions={CONSOLE_DEFINITIONS}
      knownDefinitions={DATA_DEFINITIONS}
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
      <StartupErrorPage error={error} translate={translate} />
    </>,
  );
});
