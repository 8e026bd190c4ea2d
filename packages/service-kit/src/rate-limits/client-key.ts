/** How limits name their keys: a client by its address (an IPv6 client by its /64), a person by a hash. */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { clientAddress } from '../http/client-address.js';

/**
 * The client as the limits see it: an IPv4 address (also when written IPv4-mapped), or the /64 network
 * of an IPv6 address, since one IPv6 client usually holds a whole /64 and could otherwise take a new
 * address for every request. Anything that is not an address is used as it is.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = [...parsed.toByteArray().slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0];
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}

/** The key of the request's client: `clientAddressKey` of the address the gateway vouched for. */
export function clientKeyOf(req: Request): string {
  return clientAddressKey(clientAddress(req));
}

/**
 * An e-mail address (or any identifier) as a key: trimmed, lower-cased and hashed, so no address sits in
 * the limits' table or in Redis.
 */
export function hashedKey(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('base64url');
}
