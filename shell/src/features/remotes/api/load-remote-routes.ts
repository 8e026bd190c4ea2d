import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';

/** What a remote's `./routes` module exports: the route objects, as default export or as `routes`. */
type RemoteRoutesModule = { default?: unknown; routes?: unknown };

export async function loadRemoteRoutes(remoteName: string): Promise<RouteObject[]> {
  const remoteModule = await loadRemote<RemoteRoutesModule>(`${remoteName}/routes`);
  const routes = remoteModule?.default ?? remoteModule?.routes;
  if (!Array.isArray(routes)) throw new Error(`${remoteName}/routes does not export an array of routes`);
  return routes as RouteObject[];
}
