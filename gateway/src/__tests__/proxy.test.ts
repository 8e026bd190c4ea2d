import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller } from '@platform/contracts';
import { SERVICE_NAMES } from '@platform/contracts/services';
import { BUSY_MESSAGE } from '../overload/shed-load.js';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import {
  gatewayEnv,
  refusedUrl,
  startServer,
  startServicePeers,
  urlsOf,
  type Peers,
  type RunningPeer,
  type SeenRequest,
  type ServicePeer,
} from './helpers/peers.js';

const ALICE: Caller = { kind: 'user', userId: 'u-alice', email: 'alice@example.com', role: 'user' };
const ADMIN: Caller = { kind: 'user', userId: 'u-admin', email: 'support@example.com', role: 'admin' };
const SESSION_CACHE_MS = 800;
const SESSIONS: Record<string, Caller> = { alice: ALICE, admin: ADMIN, 'alice-2': ALICE, 'alice-3': ALICE };

let peers: Peers;
let gateway: RunningGateway;

beforeAll(async () => {
  peers = await startServicePeers({
    auth: {
      sessions: SESSIONS,
      routes: (router) => {
        router.get('/api/logout', (req, res) => {
          const sid = /sid=([^;]+)/.exec(req.get('cookie') ?? '')?.[1];
          if (sid) delete SESSIONS[sid];
          res.setHeader('set-cookie', 'sid=; Max-Age=0; Path=/');
          res.redirect('/');
        });
      },
    },
    course: {
      routes: (router) => {
        router.post('/api/lessons/:id/complete', (req, res) => {
          let size = 0;
          req.on('data', (chunk: Buffer) => (size += chunk.length));
          req.on('end', () => res.status(201).json({ received: size, type: req.get('content-type') }));
        });
        router.get('/api/courses/private', (_req, res) => {
          res.status(401).json({ message: 'Unauthorized' });
        });
      },
    },
  });
  gateway = await startTestGateway(gatewayEnv(urlsOf(peers), { SESSION_CACHE_MS: String(SESSION_CACHE_MS) }));
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
});

function lastSeen(peer: ServicePeer): SeenRequest {
  const seen = peer.seen.at(-1);
  if (!seen) throw new Error(`${peer.name} has seen no request`);
  return seen;
}

function countSeen(): number {
  return SERVICE_NAMES.reduce((sum, name) => sum + peers[name].seen.length, 0);
}

describe('forwarding to the owning service', () => {
  it('forwards method, path and query unchanged and pipes status and body back', async () => {
    const res = await request(`${gateway.url}/api/modules/3/lessons?include=progress&x=%20y`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      service: 'course',
      method: 'GET',
      url: '/api/modules/3/lessons?include=progress&x=%20y',
    });
  });

  it('passes a JSON POST body through and the service status back', async () => {
    const body = JSON.stringify({ done: true, note: 'é'.repeat(1000) });
    const res = await request(`${gateway.url}/api/lessons/12/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      body,
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ received: Buffer.byteLength(body), type: 'application/json' });
  });

  it('passes an error status from the service through', async () => {
    const res = await request(`${gateway.url}/api/courses/private`);
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('sends each service its own paths', async () => {
    const cases = [
      ['/api/auth/user', 'auth'],
      ['/video-stream/intro.mp4', 'course'],
      ['/api/consultations-by-email?email=a%40b.c', 'consultation'],
      ['/api/paypal/order', 'payment'],
      ['/api/admin/verify-report/4', 'revenue'],
      ['/api/admin/mail', 'notification'],
    ] as const;
    for (const [path, service] of cases) {
      const res = await request(`${gateway.url}${path}`);
      expect([path, res.status, (res.json() as { service: string }).service]).toEqual([path, 200, service]);
    }
  });

  it('answers an unknown /api path with a JSON 404 without calling any service', async () => {
    const before = countSeen();
    const res = await request(`${gateway.url}/api/no-such-thing`, { headers: { cookie: 'sid=alice' } });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect(countSeen()).toBe(before);
  });
});

describe('identity', () => {
  it('strips spoofed identity headers and tells the service the visitor is anonymous', async () => {
    const res = await request(`${gateway.url}/api/courses`, {
      headers: {
        'x-internal-token': 'forged.token.value',
        'x-user-id': 'u-admin',
        'x-user-email': 'support@example.com',
        'x-user-role': 'admin',
        'x-forwarded-user': 'admin',
        'x-auth-user': 'admin',
        'x-caller': '{"kind":"user"}',
      },
    });
    expect(res.status).toBe(200);
    const seen = lastSeen(peers.course);
    for (const header of [
      'x-user-id',
      'x-user-email',
      'x-user-role',
      'x-forwarded-user',
      'x-auth-user',
      'x-caller',
    ]) {
      expect(seen.headers[header]).toBeUndefined();
    }
    expect(seen.headers['x-internal-token']).not.toBe('forged.token.value');
    expect(seen.caller).toEqual({ kind: 'anonymous' });
  });

  it('does not ask auth when the request has no cookie', async () => {
    const before = peers.auth.sessionLookups;
    await request(`${gateway.url}/api/enrollments`);
    expect(peers.auth.sessionLookups).toBe(before);
    expect(lastSeen(peers.course).caller).toEqual({ kind: 'anonymous' });
  });

  it('forwards the signed-in user that auth recognises from the cookie', async () => {
    const res = await request(`${gateway.url}/api/admin/revenue-stats`, {
      headers: { cookie: 'theme=dark; sid=admin', 'x-user-role': 'user' },
    });
    expect(res.status).toBe(200);
    const seen = lastSeen(peers.revenue);
    expect(seen.caller).toEqual(ADMIN);
    // The cookie still reaches the service (auth needs it for logout and rotation).
    expect(seen.headers.cookie).toBe('theme=dark; sid=admin');
  });

  it('forwards an anonymous caller when auth does not know the cookie', async () => {
    await request(`${gateway.url}/api/my-consultations`, { headers: { cookie: 'sid=stolen-or-expired' } });
    expect(lastSeen(peers.consultation).caller).toEqual({ kind: 'anonymous' });
  });

  it('reuses a resolved session within the cache window and asks auth again after it', async () => {
    const cookie = 'sid=alice-2';
    const before = peers.auth.sessionLookups;
    await request(`${gateway.url}/api/courses`, { headers: { cookie } });
    await request(`${gateway.url}/api/enrollments`, { headers: { cookie } });
    expect(peers.auth.sessionLookups).toBe(before + 1);
    expect(lastSeen(peers.course).caller).toEqual(ALICE);

    await sleep(SESSION_CACHE_MS + 200);
    await request(`${gateway.url}/api/courses`, { headers: { cookie } });
    expect(peers.auth.sessionLookups).toBe(before + 2);
    expect(lastSeen(peers.course).caller).toEqual(ALICE);
  });

  it('does not reuse a cached session after the service answered with new cookies (sign-out)', async () => {
    const cookie = 'sid=alice-3';
    await request(`${gateway.url}/api/courses`, { headers: { cookie } });
    expect(lastSeen(peers.course).caller).toEqual(ALICE);
    const logout = await request(`${gateway.url}/api/logout`, { headers: { cookie } });
    expect(logout.status).toBe(302);
    expect(logout.headers['set-cookie']).toEqual(['sid=; Max-Age=0; Path=/']);
    // A replay of the old cookie right away, well within the cache window.
    await request(`${gateway.url}/api/courses`, { headers: { cookie } });
    expect(lastSeen(peers.course).caller).toEqual({ kind: 'anonymous' });
  });

  it('shares one auth lookup between concurrent requests with the same cookie', async () => {
    const before = peers.auth.sessionLookups;
    const cookie = `sid=alice; fresh=${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => request(`${gateway.url}/api/courses`, { headers: { cookie } })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(peers.auth.sessionLookups).toBe(before + 1);
  });
});

describe('request ids', () => {
  it('forwards a sane request id from the browser and echoes it', async () => {
    const res = await request(`${gateway.url}/api/courses`, { headers: { 'x-request-id': 'trace-ABC_123' } });
    expect(res.headers['x-request-id']).toBe('trace-ABC_123');
    expect(lastSeen(peers.course).headers['x-request-id']).toBe('trace-ABC_123');
  });

  it.each([['x'.repeat(65)], ['has spaces'], ['semi;colon'], ['']])(
    'replaces the unusable request id %j with a new one',
    async (incoming) => {
      const res = await request(`${gateway.url}/api/courses`, { headers: { 'x-request-id': incoming } });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lastSeen(peers.course).headers['x-request-id']).toBe(id);
    },
  );

  it('creates a request id when there is none, the same for the browser and the service', async () => {
    const res = await request(`${gateway.url}/api/products`);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastSeen(peers.course).headers['x-request-id']).toBe(id);
  });
});

describe('answers from the services', () => {
  let cookies: RunningPeer;
  let cookieGateway: RunningGateway;

  beforeAll(async () => {
    cookies = await startServer((req, res) => {
      if (req.url === '/internal/session') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ caller: { kind: 'anonymous' } }));
        return;
      }
      res.statusCode = 200;
      res.setHeader('set-cookie', ['sid=new; HttpOnly; SameSite=Lax; Path=/', 'theme=; Max-Age=0; Path=/']);
      res.setHeader('x-custom', 'kept');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true }));
    });
    cookieGateway = await startTestGateway(gatewayEnv({ ...urlsOf(peers), auth: cookies.url }));
  });

  afterAll(async () => {
    await cookieGateway?.close();
    await cookies?.close();
  });

  it('passes every set-cookie header and the other headers back to the browser', async () => {
    const res = await request(`${cookieGateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual([
      'sid=new; HttpOnly; SameSite=Lax; Path=/',
      'theme=; Max-Age=0; Path=/',
    ]);
    expect(res.headers['x-custom']).toBe('kept');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('when a service cannot answer', () => {
  let down: RunningGateway;
  let slow: RunningPeer;
  let slowGateway: RunningGateway;

  beforeAll(async () => {
    const nowhere = await refusedUrl();
    down = await startTestGateway(gatewayEnv({ ...urlsOf(peers), course: nowhere, auth: nowhere }));
    slow = await startServer((req, res) => {
      if (req.url === '/api/courses/silent') {
        setTimeout(() => res.end('{"late":true}'), 3_000);
        return;
      }
      if (req.url === '/api/courses/trickle') {
        // Never quiet for longer than the timeout, though the whole answer takes longer.
        res.setHeader('content-type', 'text/plain');
        let sent = 0;
        const tick = setInterval(() => {
          sent += 1;
          if (sent === 8) {
            clearInterval(tick);
            res.end('.');
          } else res.write('.');
        }, 100);
        return;
      }
      if (req.url === '/api/courses/broken') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000' });
        res.write(Buffer.alloc(100));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.end('{}');
    });
    slowGateway = await startTestGateway(
      gatewayEnv({ ...urlsOf(peers), course: slow.url }, { UPSTREAM_TIMEOUT_MS: '400' }),
    );
  });

  afterAll(async () => {
    await Promise.all([down?.close(), slowGateway?.close()]);
    await slow?.close();
  });

  it('answers 502 naming the service when it is down', async () => {
    const res = await request(`${down.url}/api/courses`);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Course service is unavailable' });
  });

  it('answers a deliberate 503 with Retry-After when the request has a cookie and auth cannot resolve it', async () => {
    const before = peers.payment.seen.length;
    const res = await request(`${down.url}/api/orders`, { headers: { cookie: 'sid=alice' } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ message: BUSY_MESSAGE });
    expect(peers.payment.seen.length).toBe(before);
  });

  it('still serves visitors without a cookie while auth is down', async () => {
    const res = await request(`${down.url}/api/orders`);
    expect(res.status).toBe(200);
    expect(lastSeen(peers.payment).caller).toEqual({ kind: 'anonymous' });
  });

  it('answers 504 when the service stays silent longer than the upstream timeout', async () => {
    const started = Date.now();
    const res = await request(`${slowGateway.url}/api/courses/silent`);
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({ message: 'Course service timed out' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('lets a slow answer through as long as the service keeps sending', async () => {
    const res = await request(`${slowGateway.url}/api/courses/trickle`);
    expect(res.status).toBe(200);
    expect(res.text()).toBe('........');
  });

  it('ends the browser response when the service dies mid-answer', async () => {
    await expect(request(`${slowGateway.url}/api/courses/broken`)).rejects.toThrow(/aborted/);
  }, 5_000);
});

describe('past MAX_IN_FLIGHT requests at once', () => {
  let held: RunningPeer;
  let busy: RunningGateway;
  let arrived = 0;
  const waiting: Array<() => void> = [];

  beforeAll(async () => {
    held = await startServer((req, res) => {
      if (req.url === '/api/courses/held') {
        arrived += 1;
        waiting.push(() => res.end('{"held":true}'));
        return;
      }
      res.end('{}');
    });
    busy = await startTestGateway(
      gatewayEnv({ ...urlsOf(peers), course: held.url }, { MAX_IN_FLIGHT: '2', RETRY_AFTER_SECONDS: '3' }),
    );
  });

  afterAll(async () => {
    for (const release of waiting.splice(0)) release();
    await busy?.close();
    await held?.close();
  });

  it('refuses a new one at once with 503 and Retry-After, never the health check, and takes them again once one ends', async () => {
    const first = [request(`${busy.url}/api/courses/held`), request(`${busy.url}/api/courses/held`)];
    for (let tries = 0; arrived < 2 && tries < 200; tries += 1) await sleep(10);
    const refused = await request(`${busy.url}/api/courses`);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json()).toEqual({ message: BUSY_MESSAGE });
    expect((await request(`${busy.url}/healthz`)).status).toBe(200);
    for (const release of waiting.splice(0)) release();
    for (const answer of await Promise.all(first)) expect(answer.status).toBe(200);
    expect((await request(`${busy.url}/api/courses`)).status).toBe(200);
  });

  it('refuses a client past MAX_IN_FLIGHT_PER_CLIENT while other clients are still served', async () => {
    const perClient = await startTestGateway(
      gatewayEnv(
        { ...urlsOf(peers), course: held.url },
        { MAX_IN_FLIGHT: '10', MAX_IN_FLIGHT_PER_CLIENT: '1', TRUSTED_PROXIES: 'loopback' },
      ),
    );
    try {
      const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
      const before = arrived;
      const first = request(`${perClient.url}/api/courses/held`, from('198.51.100.1'));
      while (arrived === before) await sleep(10);
      const same = await request(`${perClient.url}/api/courses`, from('198.51.100.1'));
      expect(same.status).toBe(503);
      expect(same.json()).toEqual({ message: BUSY_MESSAGE });
      expect((await request(`${perClient.url}/api/courses`, from('198.51.100.2'))).status).toBe(200);
      for (const release of waiting.splice(0)) release();
      expect((await first).status).toBe(200);
      expect((await request(`${perClient.url}/api/courses`, from('198.51.100.1'))).status).toBe(200);
    } finally {
      await perClient.close();
    }
  });
});
