import { registerRemotes } from '@module-federation/enhanced/runtime';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutedRemote } from '../find-route-owner';

/** One micro-frontend as the gateway lists it in /remotes.json. */
export type RemoteEntry = {
  /** Module Federation name, e.g. `mfe_public`. */
  name: string;
  /** URL of its `mf-manifest.json`, e.g. `/mfe/public/mf-manifest.json`. */
  entry: string;
  /** The client routes its build publishes (routes.json); left out while the gateway cannot read them. */
  routes?: string[];
};

/** A listed remote with its routes, `null` when neither the gateway nor the remote could give them. */
export type ListedRemote = Omit<RemoteEntry, 'routes'> & RoutedRemote;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { name, entry, routes } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name !== '' &&
    typeof entry === 'string' &&
    entry !== '' &&
    (routes === undefined || isStringList(routes))
  );
}

function parseRemoteList(body: unknown): RemoteEntry[] {
  const remotes =
    typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(remotes) || !remotes.every(isRemoteEntry)) {
    throw new Error('/remotes.json is not { "remotes": [{ "name", "entry", "routes"? }] }');
  }
  return remotes.map(({ name, entry, routes }) => ({ name, entry, ...(routes ? { routes } : {}) }));
}

/** The routes a remote publishes beside its manifest, or null when they cannot be read. */
async function getPublishedRoutes(entry: string): Promise<string[] | null> {
  try {
    const response = await fetch(new URL('routes.json', new URL(entry, window.location.href)));
    if (!response.ok) return null;
    const routes = ((await response.json()) as { routes?: unknown } | null)?.routes;
    return isStringList(routes) ? routes : null;
  } catch {
    return null;
  }
}

export async function getRemoteList(): Promise<ListedRemote[]> {
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`GET /remotes.json answered ${response.status}`);
  const remotes = parseRemoteList(await response.json());
  // The gateway leaves out the routes it could not read just then: ask the remote itself.
  return Promise.all(
    remotes.map(async (remote) => ({
      ...remote,
      routes: remote.routes ?? (await getPublishedRoutes(remote.entry)),
    })),
  );
}

/**
 * The remote list, fetched once and registered with the federation runtime before anything loads a
 * remote. A prerendered page fetches it before hydrating (bootstrap.tsx); the build seeds its own.
 */
export const remoteListQuery = queryOptions({
  queryKey: ['remotes'],
  queryFn: async (): Promise<ListedRemote[]> => {
    const remotes = await getRemoteList();
    registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
    return remotes;
  },
});

export function useRemoteList() {
  return useQuery(remoteListQuery);
}
