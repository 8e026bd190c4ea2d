import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider, Toaster, TooltipProvider, createQueryClient } from '@platform/ui';
import { AppLayout } from '../components/app-layout';
import { FederatedRoutes } from '../features/remotes/components/federated-routes';

/** The providers every page shares; remotes render inside them and use the same instances. */
export function App() {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          <BrowserRouter>
            <AppLayout>
              <FederatedRoutes />
            </AppLayout>
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
