/**
 * What the gateway's steps need to answer on plain node:http objects (app.ts): middleware of that shape,
 * a request's path, and a JSON answer like Express's `res.status(…).json(…)` (same status,
 * `content-type` and body).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One of the gateway's steps: answers, or calls `next()` to go on (`next(error)` to fail). */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => unknown;

export function answerJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/** The path of a request's URL (before `?`), or undefined when it is not a plain origin-form path. */
export function pathOf(url: string | undefined): string | undefined {
  if (!url || url.charCodeAt(0) !== 47 /* / */) return undefined;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return path.includes('#') ? undefined : path;
}

/**
 * Rewrites an absolute-form request line (`GET http://host/a/../b?q`, which a server must accept) to the
 * origin form of its path with the dot segments resolved (`/b?q`), the path `requestPath` routes by: every
 * step, and the service the request goes to, then see the path it was routed by, never a raw one that
 * the route table did not give that service (`http://host/internal/../api/…`).
 */
export function toOriginForm(req: IncomingMessage): void {
  if (pathOf(req.url) !== undefined) return;
  try {
    const url = new URL(req.url ?? '');
    req.url = `${url.pathname}${url.search}`;
  } catch {
    // Not a URL (`*`, a fragment): no step finds a path in it.
  }
}

/** A request's path: `pathOf(req.url)`, or the path of an absolute-form request line (`http://host/…`). */
export function requestPath(req: IncomingMessage): string {
  const path = pathOf(req.url);
  if (path !== undefined) return path;
  try {
    return new URL(req.url ?? '').pathname;
  } catch {
    return '';
  }
}
