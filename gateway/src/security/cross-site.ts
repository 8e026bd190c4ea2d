/**
 * Refuses state-changing API requests that did not come from one of this site's own pages (CSRF), before
 * they reach a service. A browser says where a request comes from in `Sec-Fetch-Site` and `Origin`:
 * only `same-origin` passes, and an `Origin`, when sent, must name this host. `same-site` is refused
 * too: a sibling subdomain is another application, and one taken over must not write here. `none` is a
 * navigation the user started (typed address, bookmark), never a page's fetch with a body, so no write
 * of ours carries it. Requests with neither header (curl, server-to-server) pass: they carry no victim's
 * cookies unless their author already has them. Provider webhooks are exempt: they are cross-site by
 * nature and verified by their signatures.
 */
import type { IncomingMessage } from 'node:http';
import { answerJson, requestPath, type NodeMiddleware } from '../plain-http.js';
import { isApiPath } from '../routes.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT_PREFIXES = ['/api/webhooks/'];

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** One of the gateway's steps (app.ts), before the media, the API and the front end. */
export function refuseCrossSiteWrites(): NodeMiddleware {
  return function refuseCrossSite(req, res, next) {
    if (!STATE_CHANGING.has(req.method ?? '')) return next();
    const path = requestPath(req);
    if (!isApiPath(path)) return next();
    if (EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
    const site = headerOf(req, 'sec-fetch-site');
    const origin = headerOf(req, 'origin');
    if (isCrossSite(site, origin, headerOf(req, 'host'))) {
      req.log?.warn({ origin, site }, 'refused a cross-site write');
      answerJson(res, 403, { message: CROSS_SITE_MESSAGE }, { 'cache-control': 'no-store' });
      return;
    }
    next();
  };
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isCrossSite(
  site: string | undefined,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  const sameOrigin = site?.trim().toLowerCase() === 'same-origin';
  if (site !== undefined && !sameOrigin) return true;
  if (origin === undefined) return false;
  // A page whose Referrer-Policy is `no-referrer` (the test provider's checkout) makes its own form posts
  // say `Origin: null`; the browser still vouches for them with `same-origin`. Without that header,
  // `null` (sandboxed frames, some redirects) names no site we serve.
  if (origin === 'null') return !sameOrigin;
  try {
    return new URL(origin).host.toLowerCase() !== (host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
