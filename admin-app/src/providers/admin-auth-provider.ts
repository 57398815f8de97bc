import type { PortalAuthProvider } from '@portal/data-provider';
import {
  canAccess,
  canOpen,
  hasAnyRouteRole,
  type ResourceAction,
  type ResourceDefinition,
  type RouteRole,
} from '@portal/resources';
import type { AuthProvider } from 'react-admin';

/**
 * Hand-made pages that are no resource, and who may open them (spec product §2.3). Their access question is
 * asked like a resource's: `canAccess({ resource: 'statistics', action: 'list' })`.
 */
const PAGE_ACCESS = {
  dashboard: ['ADMIN', 'COMPANYSPACE_ADMIN'],
  statistics: ['ADMIN'],
  'test-pages': ['ADMIN'],
} as const satisfies Record<string, readonly RouteRole[]>;

type AdminPage = keyof typeof PAGE_ACCESS;

const ACTIONS: ReadonlySet<string> = new Set<ResourceAction>(['list', 'show', 'create', 'edit', 'delete']);

/**
 * The one access question of the console, answered from the resource definitions with the same `canAccess`
 * the server's route guard uses; a page is opened as `canOpen` says (a singleton's by `show`). Anything unknown is
 * refused. The server's answer is the one that counts; this only shapes menus, buttons and routes.
 */
export function decideAccess(
  roles: readonly string[],
  definitions: ReadonlyMap<string, ResourceDefinition>,
  { action, resource }: { action: string; resource: string },
): boolean {
  const user = { roles: roles.map((name) => ({ name })) };
  const page = PAGE_ACCESS[resource as AdminPage] as readonly RouteRole[] | undefined;
  if (page) return hasAnyRouteRole(user, page);
  const definition = definitions.get(resource);
  if (!definition || !ACTIONS.has(action)) return false;
  if (action === 'list') return canOpen(user, definition);
  return canAccess(user, definition, action as ResourceAction);
}

/** The portal's auth provider with `canAccess` from the definitions. */
export function withResourceAccess(
  authProvider: PortalAuthProvider,
  definitions: readonly ResourceDefinition[],
): PortalAuthProvider & Required<Pick<AuthProvider, 'canAccess'>> {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return {
    ...authProvider,
    canAccess: async ({ action, resource }) => {
      const roles: string[] = await authProvider.getPermissions({});
      return decideAccess(roles, byName, { action, resource });
    },
  };
}
