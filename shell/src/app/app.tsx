import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { ThemeProvider, Toaster, TooltipProvider, createQueryClient } from '@platform/ui';
import { AppLayout } from '../components/app-layout';
import { FederatedRoutes } from '../features/remotes/components/federated-routes';

export type AppProps = {
  /** A client that already holds what the first render needs (a prerendered page's hydration). */
  queryClient?: QueryClient;
  /** Rendering at build time (scripts/prerender.mjs): the page's path, in place of the browser's URL. */
  prerenderPath?: string;
};

/** The providers every page shares; remotes render inside them and use the same instances. */
export function App({ queryClient: givenClient, prerenderPath }: AppProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const routed = (children: ReactNode) =>
    prerenderPath === undefined ? (
      <BrowserRouter>{children}</BrowserRouter>
    ) : (
      <MemoryRouter initialEntries={[prerenderPath]}>{children}</MemoryRouter>
    );

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          {routed(
            <AppLayout>
              <FederatedRoutes />
            </AppLayout>,
          )}
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
