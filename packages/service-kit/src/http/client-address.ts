/**
 * The browser's address, for per-address limits: what the gateway says it is, and only on a request the
 * gateway vouched for with a valid internal token. Services never trust a forwarding header by itself,
 * nor Express's `req.ip` (the kit leaves `trust proxy` off, so that is the gateway's own address).
 */
import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The gateway overwrites this header with the one address it determined (see the gateway's
 * `TRUSTED_PROXIES`); whatever the browser sent under that name never reaches a service.
 */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

const vouched = new WeakMap<Request, string>();

/**
 * Records the gateway's address for this request. Called by the internal-token check once the token is
 * valid: only then did the header come from the gateway.
 */
export function acceptGatewayClientAddress(req: Request): void {
  const address = parseForwardedAddress(req.headers[CLIENT_ADDRESS_HEADER]);
  if (address) vouched.set(req, address);
}

/**
 * The client's address: the gateway's value on a request with a valid internal token, otherwise the
 * socket's peer (on routes outside the token check, that is whoever connected: a provider, the gateway).
 */
export function clientAddress(req: Request): string {
  return vouched.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The gateway sends one address. Should a list arrive anyway, only its last entry was written by the hop
 * next to us; anything that is not an IP address is ignored.
 */
export function parseForwardedAddress(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  const last = value?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : undefined;
}
