/*
 * Which remote owns a URL, from the routes each remote publishes (/remotes.json): the shell keeps no
 * route table of its own, so a remote gains a page without the shell being rebuilt. Only the owner is
 * loaded; a URL nobody owns is the shell's 404 and loads no remote.
 */
import { matchPath } from 'react-router-dom';

/** A remote with the client routes it serves (react-router patterns), or `null` when they are unknown. */
export type RoutedRemote = { name: string; routes: readonly string[] | null };

export type RouteOwner =
  | { kind: 'owned'; remoteName: string }
  /** Every remote's routes are known and none matches: the 404 page. */
  | { kind: 'none' }
  /** No known route matches, but a remote's routes could not be read: the page may be its. */
  | { kind: 'unknown' };

/** The remote that owns this pathname. Matching is react-router's: whole path, any case, a trailing slash. */
export function findRouteOwner(remotes: readonly RoutedRemote[], pathname: string): RouteOwner {
  const owner = remotes.find(({ routes }) =>
    routes?.some((pattern) => matchPath({ path: pattern, end: true }, pathname)),
  );
  if (owner) return { kind: 'owned', remoteName: owner.name };
  return remotes.every(({ routes }) => routes) ? { kind: 'none' } : { kind: 'unknown' };
}
