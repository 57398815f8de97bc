import type { ReactNode } from 'react';
import { Loading, useCanAccess, useRequireAccess } from 'react-admin';
import { Route } from 'react-router';

/**
 * The console's one access gate for a route, asked like a resource's (`canAccess({ resource, action })`). Its
 * page renders only once access is granted: react-admin's own views start their queries as soon as the answer
 * is no longer pending, refused or not, so a refused route would call the API (and toast its 403) before
 * leaving. While the answer is pending a spinner shows; a refusal goes to the access-denied page.
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
