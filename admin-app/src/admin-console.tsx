import { withActivityOf, type ResourceDefinition } from '@portal/resources';
import { useState } from 'react';
import { Admin, CustomRoutes, type AuthProvider, type DataProvider, type I18nProvider } from 'react-admin';
// From react-router-dom, as react-admin imports it, so a test that renders the console meets one copy.
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { DefinitionsProvider } from './generator/definitions-context';
import { HistoryProvider } from './generator/history-context';
import { ApiProvider, type ApiContextValue } from './providers/api-context';
import { resourceElement } from './generator/resource';
import { ConsoleAccessDenied } from './layout/access-denied';
import { AdminLayout } from './layout/admin-layout';
import { darkTheme, lightTheme } from './layout/theme';
import { TimedNotification } from './layout/timed-notification';
import { Dashboard } from './pages/dashboard';
import { LazyRecordHistory } from './pages/activity/lazy';
import { customRoutes } from './pages/routes';
import { CUSTOMIZATIONS } from './resources';

interface AdminConsoleProps {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  api: ApiContextValue;
  /** One <Resource> each. */
  definitions: readonly ResourceDefinition[];
  /** Every definition a page may meet (nested lists, reference pickers); the console's by default. */
  knownDefinitions?: readonly ResourceDefinition[];
}

/**
 * The react-admin console under /admin with real paths (/admin/boards, not /admin#/boards): a browser router
 * mounts <Admin> on /admin/*, and `basename` prefixes react-admin's links. One <Resource> per definition;
 * hand-made pages are custom routes. Sign-in happens in the customer app, hence no login page.
 */
export function AdminConsole({
  dataProvider,
  authProvider,
  i18nProvider,
  api,
  definitions,
  knownDefinitions = definitions,
}: AdminConsoleProps) {
  // The Activity page's entity types are those of the known definitions, an added resource's included.
  const [byName] = useState(
    () => new Map(withActivityOf(knownDefinitions).map((definition) => [definition.name, definition])),
  );
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '/admin/*',
        element: (
          <ApiProvider value={api}>
            <DefinitionsProvider definitions={byName}>
              <HistoryProvider view={LazyRecordHistory}>
                <Admin
                  basename="/admin"
                  title="portal.title"
                  dataProvider={dataProvider}
                  authProvider={authProvider}
                  i18nProvider={i18nProvider}
                  layout={AdminLayout}
                  dashboard={Dashboard}
                  theme={lightTheme}
                  darkTheme={darkTheme}
                  notification={TimedNotification}
                  accessDenied={ConsoleAccessDenied}
                  loginPage={false}
                  requireAuth
                  disableTelemetry
                >
                  {definitions.map((definition) =>
                    resourceElement(definition, CUSTOMIZATIONS[definition.name]),
                  )}
                  <CustomRoutes>
                    {customRoutes.map((route) => (
                      <Route key={route.path} path={route.path} element={route.element} />
                    ))}
                  </CustomRoutes>
                </Admin>
              </HistoryProvider>
            </DefinitionsProvider>
          </ApiProvider>
        ),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}
