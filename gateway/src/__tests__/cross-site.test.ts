/** State-changing API requests that another site makes a browser send are refused at the gateway. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

let peers: Peers;
let gateway: RunningGateway;
let host: string;

beforeAll(async () => {
  peers = await startServicePeers();
  gateway = await startTestGateway(gatewayEnv(urlsOf(peers)));
  host = new URL(gateway.url).host;
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
});

const body = JSON.stringify({ email: 'ada@example.com', password: 'x' });
// A length, so the body is framed for every method: Node's client sends a DELETE body unframed otherwise.
const json = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };

async function post(path: string, headers: Record<string, string>, method = 'POST') {
  const before = peers.auth.seen.length + peers.payment.seen.length + peers.course.seen.length;
  const response = await request(`${gateway.url}${path}`, { method, headers: { ...json, ...headers }, body });
  const after = peers.auth.seen.length + peers.payment.seen.length + peers.course.seen.length;
  return { response, reachedService: after > before };
}

describe('cross-site writes', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses a %s that the browser marks Sec-Fetch-Site: cross-site, before any service sees it',
    async (method) => {
      const { response, reachedService } = await post(
        '/api/auth/login',
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        method,
      );
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
      expect(reachedService).toBe(false);
    },
  );

  it('lets Sec-Fetch-Site: same-origin through, with or without an Origin of this host', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' } as Record<string, string>,
      { 'sec-fetch-site': 'same-origin', origin: `http://${host}` },
    ]) {
      const { response, reachedService } = await post('/api/auth/login', headers);
      expect(response.status).toBe(200);
      expect(reachedService).toBe(true);
    }
  });

  it.each(['same-site', 'none', 'something-new'])(
    'refuses Sec-Fetch-Site: %s (a sibling subdomain, a typed address, anything but this origin)',
    async (site) => {
      const { response, reachedService } = await post('/api/auth/login', { 'sec-fetch-site': site });
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
      expect(reachedService).toBe(false);
    },
  );

  it('refuses Sec-Fetch-Site: same-site with an Origin of another host (a sibling subdomain)', async () => {
    const { response, reachedService } = await post('/api/course/anything', {
      'sec-fetch-site': 'same-site',
      origin: 'http://blog.example.test',
    });
    expect(response.status).toBe(403);
    expect(reachedService).toBe(false);
  });

  it('refuses an Origin of another host even when Sec-Fetch-Site says same-origin', async () => {
    const { response, reachedService } = await post('/api/course/anything', {
      'sec-fetch-site': 'same-origin',
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(reachedService).toBe(false);
  });

  it('lets `Origin: null` through only when the browser vouches same-origin (a no-referrer page posting to itself)', async () => {
    const vouched = await post('/api/payments/anything', { 'sec-fetch-site': 'same-origin', origin: 'null' });
    expect(vouched.response.status).toBe(200);
    expect(vouched.reachedService).toBe(true);
    const unvouched = await post('/api/payments/anything', { 'sec-fetch-site': 'same-site', origin: 'null' });
    expect(unvouched.response.status).toBe(403);
    expect(unvouched.reachedService).toBe(false);
  });

  it('without Sec-Fetch-Site, refuses an Origin of another host (or port), and `Origin: null`', async () => {
    for (const origin of ['https://evil.example', `http://${host.split(':')[0]}:1`, 'null']) {
      const { response, reachedService } = await post('/api/course/anything', { origin });
      expect(response.status).toBe(403);
      expect(reachedService).toBe(false);
    }
  });

  it('without Sec-Fetch-Site, lets an Origin of this host through', async () => {
    const { response, reachedService } = await post('/api/auth/signup', { origin: `http://${host}` });
    expect(response.status).toBe(200);
    expect(reachedService).toBe(true);
  });

  it('lets requests with neither header through (curl, server to server)', async () => {
    const { response, reachedService } = await post('/api/auth/login', {});
    expect(response.status).toBe(200);
    expect(reachedService).toBe(true);
  });

  it('leaves reads alone, even cross-site (navigations and links)', async () => {
    const response = await request(`${gateway.url}/api/logout`, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });

  it("lets providers' webhooks through: they are cross-site by nature and signed", async () => {
    const { response, reachedService } = await post('/api/webhooks/stripe', {
      'sec-fetch-site': 'cross-site',
      origin: 'https://stripe.example',
    });
    expect(response.status).toBe(200);
    expect(reachedService).toBe(true);
  });
});
