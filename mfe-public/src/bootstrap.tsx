// Standalone mount for developing this remote without the shell; the shell mounts ./routes itself.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@platform/ui';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import routes from './routes';

const queryClient = createQueryClient();

function StandaloneRoutes() {
  return useRoutes(routes);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <StandaloneRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
