/*
 * Build time only (scripts/prerender.mjs, docs/decisions.md, 55, 87): renders one public page with the
 * shell's frame and the routes a remote exposes (`PublicPage`), the same tree the page's own entry then
 * hydrates. The shell's package exports it as `@platform/shell/prerender`; it is never part of the
 * shell's browser build.
 */
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createQueryClient, listenToDocumentTitles } from '@platform/ui';
import { PublicPage, routesOf } from './public-page';
import type { ExposedRoutes } from './public-page';

/**
 * The markup of `path` inside the shell's layout, once every lazy page has loaded, and the title the page
 * sets. Data from the API is not fetched: its parts render as they do while loading (the page fetches it
 * after hydration).
 */
export async function renderPage(
  path: string,
  exposedRoutes: ExposedRoutes,
): Promise<{ html: string; title: string | undefined }> {
  const routes = routesOf(exposedRoutes);
  let title: string | undefined;
  const errors: unknown[] = [];
  listenToDocumentTitles((asked) => (title = asked));
  const queryClient = createQueryClient();
  try {
    const { prelude } = await prerenderToNodeStream(
      createElement(PublicPage, { routes, queryClient, prerenderPath: path }),
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
