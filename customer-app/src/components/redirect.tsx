import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

const ServerRedirect = createContext<((to: string) => void) | null>(null);

/** Set by the server's render (src/entry-server.tsx): a page that redirects becomes a redirect answer. */
export const ServerRedirectProvider = ServerRedirect.Provider;

/** `<Navigate replace>` that the server answers as a permanent redirect instead of an empty page (issue 48). */
export function Redirect({ to }: { to: string }) {
  const redirect = useContext(ServerRedirect);
  if (!redirect) return <Navigate replace to={to} />;
  redirect(to);
  return null;
}
