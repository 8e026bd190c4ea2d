/**
 * The standalone mount of a remote, for developing it without the shell (the shell mounts a remote's
 * `./routes` itself): the remote's routes in a router and a query client, rendered into `#root`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { createQueryClient } from './api/create-query-client';

export function mountStandalone(routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  function StandaloneRoutes() {
    return useRoutes(routes);
  }
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <StandaloneRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
