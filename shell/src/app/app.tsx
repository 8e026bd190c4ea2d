import { useState } from 'react';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@platform/ui';
import { FederatedRoutes } from '../features/remotes/components/federated-routes';
import { AppFrame } from './app-frame';

export type AppProps = {
  /** A client that already holds what the first render needs. */
  queryClient?: QueryClient;
};

const browserRouted = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/** The providers every page shares; remotes render inside them and use the same instances. */
export function App({ queryClient: givenClient }: AppProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <AppFrame queryClient={queryClient} routed={browserRouted}>
      <FederatedRoutes />
    </AppFrame>
  );
}
