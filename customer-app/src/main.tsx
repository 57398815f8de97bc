import { loadPortalConfig } from '@portal/data-provider';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createPortal } from './app/create-portal';
import { StartupError } from './app/startup-error';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// Runtime configuration first: the OIDC provider and API address are not baked into the build.
loadPortalConfig()
  .then(createPortal)
  .then((portal) => {
    root.render(
      <StrictMode>
        <App portal={portal} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError error={error} />);
  });
