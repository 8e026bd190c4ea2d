import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@platform/ui';
import { App } from './app/app';
import { remoteListQuery } from './features/remotes/api/get-remote-list';
import { loadRemoteRoutes } from './features/remotes/api/load-remote-routes';
import { preloadRoutePages } from './features/remotes/api/preload-route-pages';
import { rememberRemoteRoutes } from './features/remotes/components/federated-routes';
import { findRouteOwner } from './features/remotes/find-route-owner';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A prerendered page (scripts/prerender.mjs, docs/decisions.md, 55) is hydrated with the same first
 * render the build made: the remote list, the owning remote's routes and the page's code are loaded
 * first, while the visitor already reads the page. False when they cannot be: the page is then rendered afresh.
 */
async function prepareHydration(queryClient: QueryClient): Promise<boolean> {
  try {
    const remotes = await queryClient.fetchQuery(remoteListQuery);
    const owner = findRouteOwner(remotes, window.location.pathname);
    if (owner.kind !== 'owned') return false;
    const routes = await loadRemoteRoutes(owner.remoteName);
    await preloadRoutePages(routes, window.location.pathname);
    rememberRemoteRoutes(owner.remoteName, routes);
    return true;
  } catch (error) {
    console.warn('The prerendered page is rendered again: its code could not be prepared', error);
    return false;
  }
}

function render(queryClient?: QueryClient) {
  // A transition: React renders the first view (and each page once its code arrives) in slices of a few
  // milliseconds, yielding to the browser in between, instead of in one long task that blocks input.
  startTransition(() => {
    createRoot(container as HTMLElement).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

if (container.firstElementChild !== null) {
  const queryClient = createQueryClient();
  void prepareHydration(queryClient).then((ready) => {
    if (!ready) {
      render(queryClient);
      return;
    }
    // In a transition too: hydration then yields to the browser every few milliseconds as well.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
} else {
  render();
}
