import { loadPortalConfig } from '@portal/data-provider';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTokens } from './app/tokens';
import { createPortal } from './app/create-portal';
import { StartupError } from './app/startup-error';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

// index.html carries a title and description for clients without JavaScript; from here on the pages set them.
for (const element of document.head.querySelectorAll('title, meta[name="description"]')) element.remove();
applyTokens();

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
