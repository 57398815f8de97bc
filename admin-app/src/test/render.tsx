import type { ResourceDefinition } from '@portal/resources';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  ResourceContextProvider,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { DefinitionsProvider } from '../generator/definitions-context';
import { SecretDialogProvider } from '../generator/secret-dialog';
import { createI18nProvider } from '../i18n/i18n-provider';
import { lightTheme } from '../layout/theme';
import { decideAccess } from '../providers/admin-auth-provider';

/** An auth provider for a user holding `roles`, asking the definitions like the console does. */
export function testAuthProvider(roles: string[], definitions: readonly ResourceDefinition[]): AuthProvider {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => roles,
    getIdentity: async () => ({ id: 'user-1', fullName: 'Ada Admin' }),
    canAccess: async (params) => decideAccess(roles, byName, params),
  };
}

/** Renders `ui` in react-admin's context, as resource `resource`, at `path`. */
export function renderAdmin(
  ui: ReactNode,
  {
    dataProvider,
    definitions,
    resource,
    roles = ['Admin'],
    path = '/',
  }: {
    dataProvider: DataProvider;
    definitions: readonly ResourceDefinition[];
    resource: string;
    roles?: string[];
    path?: string;
  },
) {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <DefinitionsProvider definitions={byName}>
        <AdminContext
          dataProvider={dataProvider}
          authProvider={testAuthProvider(roles, definitions)}
          i18nProvider={createI18nProvider(definitions)}
          theme={lightTheme}
        >
          <SecretDialogProvider>
            <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>
          </SecretDialogProvider>
        </AdminContext>
      </DefinitionsProvider>
    </TestMemoryRouter>,
  );
}
