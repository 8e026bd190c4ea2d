/**
 * The address services are told a request comes from: the socket's peer, whatever forwarding headers the
 * client sends, unless TRUSTED_PROXIES names the hops in front of the gateway. Clients connect from
 * different loopback addresses (127.0.0.x), as other machines would.
 */
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@platform/service-kit/config';
import { loadGatewayConfig } from '../config.js';
import type { RunningGateway } from '../server.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv } from './helpers/peers.js';

const { peers, startGateway } = useGatewaysOnPeers();

/** What reached the contact endpoint's service for one request from `localAddress`. */
async function forwardedHeaders(
  gateway: RunningGateway,
  localAddress: string,
  headers: Record<string, string> = {},
) {
  const before = peers.consultation.seen.length;
  const response = await request(`${gateway.url}/api/contact`, {
    method: 'POST',
    localAddress,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
  expect(response.status).toBe(200);
  expect(peers.consultation.seen).toHaveLength(before + 1);
  return peers.consultation.seen.at(-1)!.headers;
}

const SPOOFED = {
  'x-forwarded-for': '203.0.113.9, 198.51.100.1',
  forwarded: 'for=203.0.113.10',
  'x-real-ip': '203.0.113.11',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

describe('client address without trusted proxies (the default)', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });

  it('sends the socket address as the only X-Forwarded-For, whatever the client claims', async () => {
    const seen = await forwardedHeaders(gateway, '127.0.0.2', SPOOFED);
    expect(seen['x-forwarded-for']).toBe('127.0.0.2');
    for (const name of ['forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'])
      expect(seen[name]).toBeUndefined();
  });

  it('tells clients on different addresses apart', async () => {
    expect((await forwardedHeaders(gateway, '127.0.0.3'))['x-forwarded-for']).toBe('127.0.0.3');
    expect((await forwardedHeaders(gateway, '127.0.0.4'))['x-forwarded-for']).toBe('127.0.0.4');
  });
});

describe('client address behind TRUSTED_PROXIES', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ TRUSTED_PROXIES: '127.0.0.5, 10.0.0.0/8' });
  });

  it("takes a trusted proxy's X-Forwarded-For: the first untrusted hop from the right", async () => {
    const seen = await forwardedHeaders(gateway, '127.0.0.5', {
      'x-forwarded-for': '203.0.113.9, 198.51.100.7, 10.1.2.3',
    });
    expect(seen['x-forwarded-for']).toBe('198.51.100.7');
  });

  it('still ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const seen = await forwardedHeaders(gateway, '127.0.0.6', { 'x-forwarded-for': '198.51.100.7' });
    expect(seen['x-forwarded-for']).toBe('127.0.0.6');
  });

  it('uses the proxy itself when it forwarded no address', async () => {
    expect((await forwardedHeaders(gateway, '127.0.0.5'))['x-forwarded-for']).toBe('127.0.0.5');
  });
});

describe('TRUSTED_PROXIES setting', () => {
  const base = gatewayEnv({
    auth: 'http://auth:4001',
    course: 'http://course:4002',
    consultation: 'http://consultation:4003',
    payment: 'http://payment:4004',
    revenue: 'http://revenue:4005',
    notification: 'http://notification:4006',
  });

  it('is empty by default and reads a comma-separated list of addresses, ranges and names', () => {
    expect(loadGatewayConfig(base).TRUSTED_PROXIES).toEqual([]);
    expect(
      loadGatewayConfig({ ...base, TRUSTED_PROXIES: ' 10.0.0.1, 172.16.0.0/12 ,loopback,fd00::/8' })
        .TRUSTED_PROXIES,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback', 'fd00::/8']);
  });

  it('refuses an entry that is not an address or range, naming the variable', () => {
    expect(() => loadGatewayConfig({ ...base, TRUSTED_PROXIES: '10.0.0.1, proxy.internal' })).toThrow(
      ConfigError,
    );
    expect(() => loadGatewayConfig({ ...base, TRUSTED_PROXIES: '10.0.0.1, proxy.internal' })).toThrow(
      /TRUSTED_PROXIES/,
    );
  });
});
