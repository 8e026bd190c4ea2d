/*
 * Server side only (scripts/prerender.mjs at build time, and the gateway's live render of the pages that
 * show API data: docs/decisions.md, 55, 87, 110): renders one public page with the shell's frame and the
 * routes a remote exposes (`PublicPage`), the same tree the page's own entry then hydrates. The shell's
 * package exports it as `@platform/shell/prerender`; it is never part of the shell's browser build.
 */
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes } from 'react-router-dom';
import { createQueryClient, listenToDocumentTitles } from '@platform/ui';
import {
  firstViewDataScript,
  firstViewReads,
  seedFirstViewData,
} from './features/remotes/api/first-view-data';
import type { FirstViewAnswers } from './features/remotes/api/first-view-data';
import { PublicPage, routesOf } from './public-page';
import type { ExposedRoutes } from './public-page';

export type { FirstViewAnswers };

/** The empty root of the shell's index.html, which a rendered page fills. */
export const EMPTY_ROOT = '<div id="root"></div>';

// Renders share the document-title listener: one at a time.
let rendering: Promise<unknown> = Promise.resolve();

/** The URLs of the API answers the page at `path` is drawn with (none: it shows no API data). */
export function firstViewUrls(path: string, exposedRoutes: ExposedRoutes): string[] {
  return firstViewReads(matchRoutes(routesOf(exposedRoutes), path) ?? []).map((read) => read.url);
}

/**
 * The markup of `path` inside the shell's layout, once every lazy page has loaded, and the title the page
 * sets. The answers given (by URL) are drawn as the page shows them; any other data renders as it does
 * while loading (the page fetches it after hydration).
 */
export function renderPage(
  path: string,
  exposedRoutes: ExposedRoutes,
  answers: FirstViewAnswers = {},
): Promise<{ html: string; title: string | undefined }> {
  const render = rendering.then(() => renderAlone(path, exposedRoutes, answers));
  rendering = render.catch(() => {});
  return render;
}

async function renderAlone(
  path: string,
  exposedRoutes: ExposedRoutes,
  answers: FirstViewAnswers,
): Promise<{ html: string; title: string | undefined }> {
  const routes = routesOf(exposedRoutes);
  let title: string | undefined;
  const errors: unknown[] = [];
  listenToDocumentTitles((asked) => (title = asked));
  const queryClient = createQueryClient();
  seedFirstViewData(queryClient, firstViewReads(matchRoutes(routes, path) ?? []), answers);
  try {
    const { prelude } = await prerenderToNodeStream(
      createElement(PublicPage, { routes, queryClient, prerenderPath: path }),
      {
        // Every boundary inline, in place: a larger one would otherwise follow as a hidden copy that an
        // inline script reveals (the page must read without JavaScript, and the CSP allows no such script).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // An error inside a boundary would leave its fallback in the page: the render fails instead.
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The whole page: `template` (the shell's index.html with the public entry's scripts) with the page's
 * markup in its root, its title, and the answers it was drawn with as a data block the entry reads.
 */
export async function renderDocument(
  template: string,
  path: string,
  exposedRoutes: ExposedRoutes,
  answers: FirstViewAnswers = {},
): Promise<string> {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`the page template has no ${EMPTY_ROOT}`);
  const { html, title } = await renderPage(path, exposedRoutes, answers);
  const used = Object.fromEntries(
    firstViewUrls(path, exposedRoutes).flatMap((url) => (url in answers ? [[url, answers[url]]] : [])),
  );
  // React writes the preloads it hoists (an image with a high fetch priority) ahead of the markup: they
  // belong in the head, and the root must hold only what the browser hydrates.
  const [, hoisted = '', markup = html] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(html) ?? [];
  let page = template.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${firstViewDataScript(used)}`);
  if (hoisted) page = page.replace('</head>', () => `${hoisted}</head>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (/<script>(?!try\{)/.test(page.slice(page.indexOf('<div id="root">')))) {
    throw new Error(`${path}: the render wrote an inline script, which the page's CSP would refuse`);
  }
  return page;
}
