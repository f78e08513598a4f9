import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client';
import { persistQueries, restoreForSession } from './api/query-persist';
import { loadSessionState } from './api/session/start-session';
import { Providers } from './app/providers';
import { startPwa } from './app/pwa';
import { createBrowserRouter } from 'react-router';
import { createRoutes } from './app/router';
import { applyStartupSessionEnd, connectSession } from './app/session-sync';
import { reloadOnChunkErrors } from './lib/chunk-reload';
import { watchSystemColourScheme } from './lib/colour-mode';
import { config } from './lib/config';

async function start() {
  config(); // SPEC §5: a missing API base URL stops the app here, with a clear message
  watchSystemColourScheme();
  reloadOnChunkErrors();
  const ended = await loadSessionState(queryClient, () => restoreForSession(queryClient));
  persistQueries(queryClient);

  const routes = createRoutes(queryClient);
  applyStartupSessionEnd(ended, routes);
  const router = createBrowserRouter(routes);
  connectSession(router, queryClient);
  startPwa(router); // service worker, app updates on navigation, Background Sync, install offer

  const root = document.getElementById('root');
  if (!root) throw new Error('#root saknas i index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML = '';
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'max-width:40rem;margin:4rem auto;padding:0 1rem;font:1rem/1.5 system-ui,sans-serif';
    message.textContent = error instanceof Error ? error.message : String(error);
    root.append(message);
  }
  throw error;
});
