import type { ReactNode } from 'react';
import { Loading, useRequireAccess, useCanAccess } from 'react-admin';

/**
 * A hand-made page's access check, asked like a resource's (`canAccess({ resource, action })`): while the
 * answer is pending nothing shows; a refusal goes to the access-denied page.
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
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <Loading />;
  return canAccess ? children : null;
}
