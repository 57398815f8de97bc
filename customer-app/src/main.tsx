import { loadPortalConfig } from '@portal/data-provider';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createPortal, type Portal } from './app/create-portal';
import { readServerData, removeServerHead, type ServerData } from './ssr/server-data';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// A page the server rendered (issue 48) carries its data; the shell and a not-found page do not.
const serverData = readServerData();

// index.html carries a title and description for clients without JavaScript, and a rendered page its own head
// tags: from here on the pages set them (React finds none to reuse and writes its own).
for (const element of document.head.querySelectorAll('title, meta[name="description"]')) element.remove();
removeServerHead();

// Runtime configuration first: the OIDC provider and API address are not baked into the build.
loadPortalConfig()
  .then((config) => createPortal(config, { hydrationData: serverData?.router }))
  .then(async (portal) => {
    const app = (
      <StrictMode>
        <App portal={portal} />
      </StrictMode>
    );
    if (!serverData) return void createRoot(container).render(app);
    await hydratable(portal, serverData);
    hydrateRoot(container, app);
    // The server rendered the anonymous visitor's view: a signed-in caller's answers replace it.
    if (portal.services.session.isAuthenticated()) void portal.queryClient.current()?.invalidateQueries();
  })
  .catch((error: unknown) => {
    console.error(error);
    // Its code loads with the failure, off every first load (issue 48 kept the shell within its budget).
    void import('./app/startup-error').then(({ StartupError }) =>
      createRoot(container).render(<StartupError error={error} />),
    );
  });

/**
 * The browser's first render must be the server's: the query cache holds the server's answers, and the router has
 * loaded the page's lazily loaded route (else it would render its fallback first). A page without queries (the
 * welcome page) loads no query client for it.
 */
async function hydratable(portal: Portal, data: ServerData): Promise<void> {
  if (data.queries.queries.length > 0) {
    const [client, { hydrate }] = await Promise.all([
      portal.queryClient.load(),
      import('./ssr/hydrate-queries'),
    ]);
    hydrate(client, data.queries);
  }
  const { router } = portal;
  if (router.state.initialized) return;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
