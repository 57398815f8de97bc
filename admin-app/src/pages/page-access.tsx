import type { ReactNode } from 'react';
import { Loading, useCanAccess, useRequireAccess } from 'react-admin';
import { Route } from 'react-router';

/**
 * The console's access gate for a route. Its page renders only once access is granted: react-admin's views query
 * as soon as the answer is in, so a refused route would call the API and toast its 403 before leaving.
 */
export function PageAccess({
  resource,
  action = 'list',
  children,
}: {
  resource: string;
  action?: string;
  children: ReactNode;
}) {
  useRequireAccess({ resource, action });
  const { canAccess } = useCanAccess({ resource, action });
  return canAccess === true ? children : <Loading />;
}

/** A route whose page is behind the access gate. */
export function gatedRoute(path: string, resource: string, action: string, element: ReactNode) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <PageAccess resource={resource} action={action}>
          {element}
        </PageAccess>
      }
    />
  );
}
