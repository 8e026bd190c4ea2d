import type { RouteMatch } from 'react-router-dom';

/** What a remote's route may carry in `handle`: how to load its lazy page ahead of rendering it. */
type PreloadHandle = { preload?: () => Promise<unknown> };

/**
 * Loads the code of the lazy pages the URL matches (its routes, `matchRoutes`), through their routes' `handle.preload`, so a
 * prerendered page hydrates in one pass with the rest of the first render, before any data it reads
 * arrives (a page hydrated later could find its data changed, and React keeps the server's attributes
 * then: docs/decisions.md, 55). Routes without it load when rendered, as always.
 */
export async function preloadRoutePages(matches: RouteMatch[]): Promise<void> {
  await Promise.all(matches.map(({ route }) => (route.handle as PreloadHandle | undefined)?.preload?.()));
}
