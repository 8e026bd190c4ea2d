/**
 * Refuses state-changing API requests that another site made the browser send (CSRF), before they reach
 * a service. The browser's `Sec-Fetch-Site` decides when present; otherwise an `Origin` naming another
 * host does. Requests with neither (curl, server-to-server) pass: they carry no victim's cookies
 * unless their author already has them. Provider webhooks are exempt: they are cross-site by nature and
 * verified by their signatures.
 */
import type { RequestHandler } from 'express';
import { isApiPath } from '../routes.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT_PREFIXES = ['/api/webhooks/'];

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

export function refuseCrossSiteWrites(): RequestHandler {
  return function refuseCrossSite(req, res, next) {
    if (!STATE_CHANGING.has(req.method) || !isApiPath(req.path)) return next();
    if (EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    if (isCrossSite(req.get('sec-fetch-site'), req.get('origin'), req.get('host'))) {
      req.log?.warn(
        { origin: req.get('origin'), site: req.get('sec-fetch-site') },
        'refused a cross-site write',
      );
      res.status(403).set('Cache-Control', 'no-store').json({ message: CROSS_SITE_MESSAGE });
      return;
    }
    next();
  };
}

function isCrossSite(
  site: string | undefined,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (site !== undefined) return site.trim().toLowerCase() === 'cross-site';
  if (origin === undefined) return false;
  // `Origin: null` (sandboxed frames, some redirects) names no site we serve.
  try {
    return new URL(origin).host.toLowerCase() !== (host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
