/**
 * The site's client routes, learnt from what each micro-frontend's build publishes (`routes.json` beside
 * its manifest: `{ "routes": ["/courses/:id", …] }`), never from a copy: which remote owns a page, which
 * paths are no page at all (a real 404), and the list the shell reads from /remotes.json.
 */
import { z } from 'zod';
import type { BuiltFiles, ReadBuiltJson } from './read-built-json.js';

export interface RemoteFrontEnd extends BuiltFiles {
  /** Module Federation name, e.g. `mfe_public`. */
  name: string;
  /** Browser URL of its manifest, e.g. `/mfe/public/mf-manifest.json`. */
  entry: string;
}

/** One remote as /remotes.json lists it; `routes` is left out while its list cannot be read. */
export interface ListedRemote {
  name: string;
  entry: string;
  routes?: string[];
}

export type RouteMatch =
  | { kind: 'owned'; remote: RemoteFrontEnd }
  /** Every remote's list was read and none declares the path: it is no page. */
  | { kind: 'unknown' }
  /** No list that was read declares it, but one could not be read: the shell decides. */
  | { kind: 'undecided' };

export interface ClientRoutes {
  list(): Promise<ListedRemote[]>;
  match(pathname: string): Promise<RouteMatch>;
}

export const ROUTE_LIST_FILE = 'routes.json';

// The patterns both the shell's router and `matches` below read alike: static segments and `:params`
// (the remotes' builds refuse anything else).
const RouteListSchema = z.object({
  routes: z.array(z.string().regex(/^\/$|^(?:\/(?:[\w~-]+|:\w+))+$/)),
});

export function createClientRoutes({
  remotes,
  readJson,
}: {
  remotes: readonly RemoteFrontEnd[];
  readJson: ReadBuiltJson;
}): ClientRoutes {
  async function readRouteLists(): Promise<{ remote: RemoteFrontEnd; routes?: string[] }[]> {
    return Promise.all(
      remotes.map(async (remote) => {
        const parsed = RouteListSchema.safeParse(await readJson(remote, ROUTE_LIST_FILE));
        return parsed.success ? { remote, routes: parsed.data.routes } : { remote };
      }),
    );
  }

  return {
    async list() {
      const lists = await readRouteLists();
      return lists.map(({ remote, routes }) => ({
        name: remote.name,
        entry: remote.entry,
        ...(routes ? { routes } : {}),
      }));
    },

    async match(pathname) {
      const lists = await readRouteLists();
      const segments = splitPath(pathname);
      const owner = lists.find(({ routes }) =>
        routes?.some((pattern) => matches(splitPath(pattern), segments)),
      );
      if (owner) return { kind: 'owned', remote: owner.remote };
      return lists.every(({ routes }) => routes) ? { kind: 'unknown' } : { kind: 'undecided' };
    },
  };
}

function splitPath(value: string): string[] {
  return value.split('/').filter((segment) => segment !== '');
}

/** Like react-router's matchPath with `end: true`: the whole path, any letter case, one segment a `:param`. */
function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index] ?? '';
    return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
  });
}
