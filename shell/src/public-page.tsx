/*
 * A prerendered public page (docs/decisions.md, 55, 87): the shell's frame around the routes the public
 * remote exposes, with no federation runtime and no remote list. The build renders it to HTML
 * (`@platform/shell/prerender`) and the page's own small entry (scripts/public-entry.mjs, bundled by
 * scripts/prerender.mjs) hydrates the same tree. The public remote's other pages (cart, checkout, sign-in…)
 * then open in place, as in the shell; any other address is loaded from the server, so the shell, the
 * federation runtime and the member or admin remote start only where they are needed.
 */
import { StrictMode, Suspense, startTransition, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Router, createPath, matchRoutes, useRoutes } from 'react-router-dom';
import type { Path, RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { cn, createQueryClient, hydrateKeepingServerMarkup } from '@platform/ui';
import { AppFrame } from './app/app-frame';
import { NotFoundPage } from './components/not-found-page';
import { PageLoading } from './components/page-loading';
import { firstViewReads, readFirstViewData, seedFirstViewData } from './features/remotes/api/first-view-data';
import { preloadRoutePages } from './features/remotes/api/preload-route-pages';

/** What a remote's `./routes` module exports (the route objects, as default export or as `routes`). */
export type ExposedRoutes = { default?: unknown; routes?: unknown };

/** The route objects of a remote's `./routes` module; throws when it exports none. */
export function routesOf(exposedRoutes: ExposedRoutes): RouteObject[] {
  const routes = exposedRoutes.default ?? exposedRoutes.routes;
  if (!Array.isArray(routes)) throw new Error('the routes module does not export an array of routes');
  return routes as RouteObject[];
}

/** At build time nothing navigates. */
const staticNavigator = {
  createHref: (to: string | Partial<Path>) => (typeof to === 'string' ? to : createPath(to)),
  go: () => {},
  push: () => {},
  replace: () => {},
};

/**
 * An address the public routes do not hold (a member or admin page, one a remote added since this
 * build, a 404) is the server's: it answers with the shell, which loads the remote that owns it.
 */
function ServerPage() {
  useEffect(() => window.location.reload(), []);
  return <PageLoading />;
}

function PublicRoutes({ routes, interactive }: { routes: RouteObject[]; interactive: boolean }) {
  return useRoutes(routes) ?? (interactive ? <ServerPage /> : <NotFoundPage />);
}

export type PublicPageProps = {
  routes: RouteObject[];
  queryClient: QueryClient;
  /** Rendering at build time (scripts/prerender.mjs): the page's path, in place of the browser's URL. */
  prerenderPath?: string;
};

export function PublicPage({ routes, queryClient, prerenderPath }: PublicPageProps) {
  const interactive = prerenderPath === undefined;
  const routed = (children: ReactNode) =>
    interactive ? (
      <BrowserRouter>{children}</BrowserRouter>
    ) : (
      <Router location={prerenderPath} navigator={staticNavigator} static>
        {children}
      </Router>
    );
  return (
    <StrictMode>
      <AppFrame queryClient={queryClient} routed={routed}>
        <Suspense fallback={<PageLoading />}>
          <PublicRoutes routes={routes} interactive={interactive} />
        </Suspense>
      </AppFrame>
    </StrictMode>
  );
}

function HydratedPublicPage({ routes, queryClient }: { routes: RouteObject[]; queryClient: QueryClient }) {
  const [client] = useState(() => queryClient);
  return <PublicPage routes={routes} queryClient={client} />;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the prerendered page in `#root` with the public remote's routes, once the code of the page
 * the address matches has loaded (so it hydrates in one pass, before any data it reads arrives), with the
 * API answers the server drew the page with already in the query cache (docs/decisions.md, 110).
 */
export async function hydratePublicPage(exposedRoutes: ExposedRoutes): Promise<void> {
  const routes = routesOf(exposedRoutes);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const matches = matchRoutes(routes, window.location.pathname) ?? [];
  // The first view's answers are checked and seeded, and its pages' code asked for, each in a task of its
  // own, as the hydration below is: several short tasks block a phone less than one long one
  // (docs/decisions.md, 101).
  await nextTask();
  seedFirstViewData(queryClient, firstViewReads(matches), readFirstViewData(document));
  await nextTask();
  await preloadRoutePages(matches);
  // Hydration in a task of its own, not in the one that ran the page's code: two shorter tasks block a
  // phone less than one long one (docs/decisions.md, 109).
  await nextTask();
  // The class merger builds its tables on its first call: in a task of its own too (docs/decisions.md, 101).
  cn('');
  await nextTask();
  // In a transition: hydration yields to the browser every few milliseconds.
  startTransition(() => {
    // What the page marks as having nothing to do in the browser is kept as drawn (docs/decisions.md, 109).
    hydrateKeepingServerMarkup(() => {
      hydrateRoot(container, <HydratedPublicPage routes={routes} queryClient={queryClient} />);
    });
  });
}
