import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ThemeProvider, Toaster, TooltipProvider } from '@platform/ui';
import { AppLayout } from '../components/app-layout';

export type AppFrameProps = {
  queryClient: QueryClient;
  /** Wraps the layout in the router it runs under (the shell's BrowserRouter, or a public page's). */
  routed: (children: ReactNode) => ReactNode;
  /** The page inside `<main>`. */
  children: ReactNode;
};

/**
 * The providers and the layout every page shares, around whatever mounts the page: the shell's federated
 * routes (`App`) or a prerendered public page's own routes (`PublicPage`, docs/decisions.md, 87).
 */
export function AppFrame({ queryClient, routed, children }: AppFrameProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider>
          {routed(<AppLayout>{children}</AppLayout>)}
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
