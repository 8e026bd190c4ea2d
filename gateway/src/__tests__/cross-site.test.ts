/** State-changing API requests that another site makes a browser send are refused at the gateway. */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';

const { peers, startGateway } = useGatewaysOnPeers();
let gateway: RunningGateway;
let host: string;

beforeAll(async () => {
  gateway = await startGateway();
  host = new URL(gateway.url).host;
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

/** Sends the write and expects the gateway to refuse it (403) before any service saw it. */
async function expectRefused(path: string, headers: Record<string, string>, method?: string) {
  const { response, reachedService } = await post(path, headers, method);
  expect(response.status).toBe(403);
  expect(reachedService).toBe(false);
  return response;
}

/** Sends the write and expects it to reach its service, which answers 200. */
async function expectLetThrough(path: string, headers: Record<string, string>) {
  const { response, reachedService } = await post(path, headers);
  expect(response.status).toBe(200);
  expect(reachedService).toBe(true);
}

describe('cross-site writes', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses a %s that the browser marks Sec-Fetch-Site: cross-site, before any service sees it',
    async (method) => {
      const response = await expectRefused(
        '/api/auth/login',
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        method,
      );
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    },
  );

  it('lets Sec-Fetch-Site: same-origin through, with or without an Origin of this host', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' } as Record<string, string>,
      { 'sec-fetch-site': 'same-origin', origin: `http://${host}` },
    ]) {
      await expectLetThrough('/api/auth/login', headers);
    }
  });

  it.each(['same-site', 'none', 'something-new'])(
    'refuses Sec-Fetch-Site: %s (a sibling subdomain, a typed address, anything but this origin)',
    async (site) => {
      const response = await expectRefused('/api/auth/login', { 'sec-fetch-site': site });
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    },
  );

  it('refuses Sec-Fetch-Site: same-site with an Origin of another host (a sibling subdomain)', async () => {
    await expectRefused('/api/course/anything', {
      'sec-fetch-site': 'same-site',
      origin: 'http://blog.example.test',
    });
  });

  it('refuses an Origin of another host even when Sec-Fetch-Site says same-origin', async () => {
    await expectRefused('/api/course/anything', {
      'sec-fetch-site': 'same-origin',
      origin: 'https://evil.example',
    });
  });

  it('lets `Origin: null` through only when the browser vouches same-origin (a no-referrer page posting to itself)', async () => {
    await expectLetThrough('/api/payments/anything', { 'sec-fetch-site': 'same-origin', origin: 'null' });
    await expectRefused('/api/payments/anything', { 'sec-fetch-site': 'same-site', origin: 'null' });
  });

  it('without Sec-Fetch-Site, refuses an Origin of another host (or port), and `Origin: null`', async () => {
    for (const origin of ['https://evil.example', `http://${host.split(':')[0]}:1`, 'null']) {
      await expectRefused('/api/course/anything', { origin });
    }
  });

  it('without Sec-Fetch-Site, lets an Origin of this host through', async () => {
    await expectLetThrough('/api/auth/signup', { origin: `http://${host}` });
  });

  it('lets requests with neither header through (curl, server to server)', async () => {
    await expectLetThrough('/api/auth/login', {});
  });

  it('leaves reads alone, even cross-site (navigations and links)', async () => {
    const response = await request(`${gateway.url}/api/logout`, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });

  it("lets providers' webhooks through: they are cross-site by nature and signed", async () => {
    await expectLetThrough('/api/webhooks/stripe', {
      'sec-fetch-site': 'cross-site',
      origin: 'https://stripe.example',
    });
  });
});
