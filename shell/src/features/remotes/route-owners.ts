/*
 * The shell loads only the remote that owns the current URL (route-owner-table.ts); a URL nobody owns is
 * the shell's 404 and loads no remote.
 */
import { matchPath } from 'react-router-dom';
import { ROUTE_OWNERS } from './route-owner-table';
import type { RemoteName } from './route-owner-table';

export { ROUTE_OWNERS };
export type { RemoteName };

const OWNED_PATTERNS = (Object.entries(ROUTE_OWNERS) as [RemoteName, readonly string[]][]).flatMap(
  ([remote, patterns]) => patterns.map((pattern) => ({ remote, pattern })),
);

/** The remote that owns this pathname, or null (the 404 page). Matching is react-router's, whole path. */
export function findRouteOwner(pathname: string): RemoteName | null {
  const owned = OWNED_PATTERNS.find(({ pattern }) => matchPath({ path: pattern, end: true }, pathname));
  return owned?.remote ?? null;
}
