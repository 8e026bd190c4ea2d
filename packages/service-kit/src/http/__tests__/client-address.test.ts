/**
 * `clientAddress(req)`: the gateway's X-Forwarded-For only behind a valid internal token; the socket's peer
 * otherwise. Express's own `req.ip` trusts no forwarding header.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signInternalToken } from '../../identity.js';
import { clientAddress, parseForwardedAddress } from '../client-address.js';
import type { RunningServer } from '../server.js';
import { startDemoApp } from './demo-app.js';

const secret = 'c'.repeat(40);
let server: RunningServer;

beforeAll(async () => {
  server = await startDemoApp(secret, {
    publicRoutes: (router) => {
      router.get('/webhook-address', (req, res) => {
        res.json({ address: clientAddress(req), ip: req.ip });
      });
    },
    routes: (router) => {
      router.get('/api/address', (req, res) => {
        res.json({ address: clientAddress(req), ip: req.ip });
      });
    },
  });
});

afterAll(async () => {
  await server?.close(1000);
});

/** GET from a socket bound to `localAddress`, with the given headers; the JSON answer. */
function get(path: string, localAddress: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: { address: string; ip: string } }>((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const token = () => signInternalToken({ kind: 'anonymous' }, secret);

describe('clientAddress', () => {
  it("is the gateway's X-Forwarded-For on a request with a valid internal token", async () => {
    const answer = await get('/api/address', '127.0.0.2', {
      'x-internal-token': await token(),
      'x-forwarded-for': '198.51.100.7',
    });
    expect(answer.body).toEqual({ address: '198.51.100.7', ip: '127.0.0.2' });
  });

  it('takes only the last entry of a list: the one the hop next to the service wrote', async () => {
    const answer = await get('/api/address', '127.0.0.2', {
      'x-internal-token': await token(),
      'x-forwarded-for': '203.0.113.1, 198.51.100.7',
    });
    expect(answer.body.address).toBe('198.51.100.7');
  });

  it('is the socket peer when the forwarded value is not an address', async () => {
    const answer = await get('/api/address', '127.0.0.3', {
      'x-internal-token': await token(),
      'x-forwarded-for': 'evil',
    });
    expect(answer.body.address).toBe('127.0.0.3');
  });

  it('trusts no forwarding header without a valid token, not even from a loopback peer', async () => {
    const answer = await get('/webhook-address', '127.0.0.4', { 'x-forwarded-for': '198.51.100.7' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ address: '127.0.0.4', ip: '127.0.0.4' });
    const forged = await get('/api/address', '127.0.0.4', {
      'x-internal-token': 'forged',
      'x-forwarded-for': '198.51.100.7',
    });
    expect(forged.status).toBe(401);
  });
});

describe('parseForwardedAddress', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    [' 203.0.113.1 ,  2001:db8::1 ', '2001:db8::1'],
    [['203.0.113.1', '198.51.100.7'], '198.51.100.7'],
    ['198.51.100.7, not-an-ip', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, expected) => {
    expect(parseForwardedAddress(header)).toBe(expected);
  });
});
