/*
 * Build time only (scripts/prerender.mjs, docs/decisions.md, 55): renders one public page with the
 * shell's App and the routes a remote exposes, the same components the browser hydrates. The shell's
 * package exports it as `@platform/shell/prerender`; it is never part of the shell's browser build.
 */
import { StrictMode, createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { RouteObject } from 'react-router-dom';
import { createQueryClient, listenToDocumentTitles } from '@platform/ui';
import { App } from './app/app';
import { remoteListQuery } from './features/remotes/api/get-remote-list';
import { rememberRemoteRoutes } from './features/remotes/components/federated-routes';

/** The remote that owns the page: its name, the routes its `./routes` exposes and those it publishes. */
export interface PrerenderedRemote {
  name: string;
  /** What its `./routes` module exports (the route objects, as default export or as `routes`). */
  exposedRoutes: { default?: unknown; routes?: unknown };
  /** Its published route list (`routes.json`). */
  routePaths: string[];
}

/**
 * The markup of `path` inside the shell's layout, once every lazy page has loaded, and the title the page
 * sets. Data from the API is not fetched: its parts render as they do while loading (the page fetches it
 * after hydration).
 */
export async function renderPage(
  path: string,
  remote: PrerenderedRemote,
): Promise<{ html: string; title: string | undefined }> {
  const routes = remote.exposedRoutes.default ?? remote.exposedRoutes.routes;
  if (!Array.isArray(routes)) throw new Error(`${remote.name}/routes does not export an array of routes`);
  let title: string | undefined;
  const errors: unknown[] = [];
  listenToDocumentTitles((asked) => (title = asked));
  const queryClient = createQueryClient();
  // As /remotes.json says in the browser: the remote owns the page (the entry is not used here).
  queryClient.setQueryData(remoteListQuery.queryKey, [
    { name: remote.name, entry: '', routes: remote.routePaths },
  ]);
  rememberRemoteRoutes(remote.name, routes as RouteObject[]);
  try {
    const { prelude } = await prerenderToNodeStream(
      createElement(StrictMode, null, createElement(App, { queryClient, prerenderPath: path })),
      {
        // Every boundary inline, in place: a larger one would otherwise follow as a hidden copy that an
        // inline script reveals (the page must read without JavaScript, and the CSP allows no such script).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // An error inside a boundary would leave its fallback in the page: the build fails instead.
        onError(error) {
          errors.push(error);
        },
      },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk;
    if (errors.length > 0) throw new Error(`${path} could not be prerendered`, { cause: errors[0] });
    return { html, title };
  } finally {
    listenToDocumentTitles(undefined);
    queryClient.clear();
  }
}
