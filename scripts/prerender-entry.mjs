// Bundled for Node by scripts/prerender.mjs: renders one public page with the shell's App and
// mfe-public's routes, the same components the browser hydrates (docs/decisions.md, 55).
import { StrictMode, createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createQueryClient } from '@platform/ui';
import { listenToDocumentTitles } from '../packages/ui/src/hooks/use-document-title.ts';
import { App } from '../shell/src/app/app.tsx';
import { remoteListQuery } from '../shell/src/features/remotes/api/get-remote-list.ts';
import { rememberRemoteRoutes } from '../shell/src/features/remotes/components/federated-routes.tsx';
import { ROUTE_PATHS } from '../mfe-public/src/route-paths.ts';
import { routes } from '../mfe-public/src/routes.tsx';

/**
 * The markup of `path` inside the shell's layout, once every lazy page has loaded, and the title the page
 * sets. Data from the API is not fetched: its parts render as they do while loading (the page fetches it
 * after hydration).
 */
export async function renderPage(path) {
  let title;
  const errors = [];
  listenToDocumentTitles((asked) => (title = asked));
  const queryClient = createQueryClient();
  // As /remotes.json says in the browser: mfe_public owns the page (the entry is not used here).
  queryClient.setQueryData(remoteListQuery.queryKey, [
    { name: 'mfe_public', entry: '/mfe/public/mf-manifest.json', routes: Object.values(ROUTE_PATHS) },
  ]);
  rememberRemoteRoutes('mfe_public', routes);
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
  listenToDocumentTitles(undefined);
  queryClient.clear();
  if (errors.length > 0) throw new Error(`${path} could not be prerendered`, { cause: errors[0] });
  return { html, title };
}
