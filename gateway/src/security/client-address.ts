/**
 * Which address a request comes from, as the gateway tells the services: the socket's peer, unless
 * `TRUSTED_PROXIES` names the hops in front of the gateway; then the first address from the right of
 * `X-Forwarded-For` that is not one of them (proxy-addr, the rule Express's `trust proxy` applies). A
 * browser's own forwarding headers never reach a service: the one the gateway sends replaces them.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import { CLIENT_ADDRESS_HEADER } from '@platform/service-kit/http';

/** Headers a client could use to name an address; removed before the gateway sets its own. */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

export type ClientAddressOf = (req: IncomingMessage) => string;

/** Throws a TypeError naming the entry when one is not an address, a CIDR range or a proxy-addr name. */
export function compileTrustedProxies(entries: readonly string[]): ReturnType<typeof proxyAddr.compile> {
  return proxyAddr.compile([...entries]);
}

export function createClientAddressOf(trustedProxies: readonly string[]): ClientAddressOf {
  const trust = compileTrustedProxies(trustedProxies);
  return (req) => withoutIpv4Mapping(proxyAddr(req, trust) || 'unknown');
}

/**
 * Replaces every forwarding header with the gateway's one value. Read the address before calling this:
 * with trusted proxies it comes from the incoming `X-Forwarded-For`.
 */
export function setForwardedClientAddress(req: IncomingMessage, address: string): void {
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
}

// A dual-stack listener sees IPv4 clients as `::ffff:a.b.c.d`; one client keeps one spelling either way.
function withoutIpv4Mapping(address: string): string {
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
}
