import { useState } from 'react';
import { Admin, Resource, type AuthProvider, type DataProvider } from 'react-admin';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AdminLayout } from './admin-layout';
import { boardsResource } from './resources/boards';

interface AdminConsoleProps {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
}

/**
 * The react-admin console under /admin with real paths (/admin/boards, not /admin#/boards):
 * a browser router mounts <Admin> on /admin/*, and `basename` prefixes react-admin's links.
 * Sign-in happens in the customer app, hence no login page.
 */
export function AdminConsole({ dataProvider, authProvider }: AdminConsoleProps) {
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '/admin/*',
        element: (
          <Admin
            basename="/admin"
            title="Portal admin"
            dataProvider={dataProvider}
            authProvider={authProvider}
            layout={AdminLayout}
            loginPage={false}
            requireAuth
            disableTelemetry
          >
            <Resource {...boardsResource} />
          </Admin>
        ),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}
