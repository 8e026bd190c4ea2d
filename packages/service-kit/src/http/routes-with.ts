/**
 * The routes of a router that share one access and cache policy, stated once for them:
 *
 *   const admin = routesWith(router, { cache: noStore, access: requireAdmin });
 *   admin.put('/api/admin/things/:id', validate({ params, body }), async (req, res) => { … });
 *
 * Each route's chain is `cache` first (so refusals, 401 403 404 400, carry its header too), then `access`
 * (`requireUser` / `requireAdmin` narrow `req.caller` for the handlers after it, as in a router's own chain),
 * then the route's own handlers, typed by `validate` as they are on the router. Routes are registered on the
 * router at once, in the order they are declared.
 */
import type { RequestHandler, Router } from 'express';
import type { Query, RouteParameters } from 'express-serve-static-core';
import type { Middleware, Untyped } from './validate.js';

export interface RoutePolicy<TLocals extends Record<string, Untyped>> {
  /** How the answers may be cached, e.g. `noStore` / `privateNoStore` (none: the route says it itself). */
  cache?: Middleware;
  /** Who may call, e.g. `requireUser` / `requireAdmin` (none: anyone the gateway lets through). */
  access?: RequestHandler<Untyped, Untyped, Untyped, Untyped, TLocals>;
}

/** `router.get` and its siblings, with the policy's locals (and so its caller) for every handler. */
export type PolicyRoute<TLocals extends Record<string, Untyped>> = <
  Path extends string,
  P = RouteParameters<Path>,
  ReqBody = Untyped,
  ReqQuery = Query,
>(
  path: Path,
  ...handlers: Array<RequestHandler<P, Untyped, ReqBody, ReqQuery, TLocals>>
) => void;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

export type PolicyRoutes<TLocals extends Record<string, Untyped>> = Record<Method, PolicyRoute<TLocals>>;

/** Declares routes on `router` whose chains start with the policy's cache header and access check. */
export function routesWith<TLocals extends Record<string, Untyped> = Untyped>(
  router: Router,
  policy: RoutePolicy<TLocals>,
): PolicyRoutes<TLocals> {
  const front: RequestHandler[] = [];
  if (policy.cache) front.push(policy.cache);
  if (policy.access) front.push(policy.access as RequestHandler);
  const routes = {} as PolicyRoutes<TLocals>;
  for (const method of METHODS) {
    routes[method] = (path, ...handlers) => {
      router[method](path, ...front, ...(handlers as RequestHandler[]));
    };
  }
  return routes;
}
