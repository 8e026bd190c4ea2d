/**
 * Services in the gateway's own process (the embedded mode): their API requests are handed to the
 * service's handler, with the same preparation a proxied request gets (identity headers stripped, the
 * internal token naming the caller, the client's address, the request id) and the same compression rules,
 * while nothing listens at the service's address: a proxied request there would answer 502.
 */
import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import type { Caller } from '@platform/contracts';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@platform/service-kit/identity';
import { loadGatewayConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../server.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, refusedUrl, SECRET, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

const ALICE: Caller = { kind: 'user', userId: 'u-alice', email: 'alice@example.com', role: 'user' };
const COURSES = Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}`, published: true }));

interface Seen {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  caller: Caller;
}

let peers: Peers;
let gateway: RunningGateway;
const seen: Seen[] = [];

beforeAll(async () => {
  peers = await startServicePeers({ auth: { sessions: { alice: ALICE } } });
  // The course service as its handler only: it listens nowhere.
  const course = express();
  course.use((req, _res, next) => {
    const caller = verifyInternalToken(String(req.get(INTERNAL_TOKEN_HEADER)), SECRET);
    seen.push({ url: req.url, headers: { ...req.headers }, caller });
    next();
  });
  course.get('/api/courses', (_req, res) => {
    res.json(COURSES);
  });
  course.get('/api/courses/count', (_req, res) => {
    res.json({ count: COURSES.length });
  });
  course.post('/api/lessons/:id/complete', (req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => res.status(201).json({ received: size, lesson: req.params.id }));
  });
  const urls = { ...urlsOf(peers), course: await refusedUrl() };
  gateway = await startGateway(loadGatewayConfig(gatewayEnv(urls)), { inProcess: { course } });
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
});

describe('a service in the gateway’s process', () => {
  it('gets the request prepared as a proxied one: the caller in the token, no claimed identity, the client address and id', async () => {
    seen.length = 0;
    const answer = await request(`${gateway.url}/api/courses/count`, {
      headers: {
        cookie: 'sid=alice',
        'x-user-id': 'u-admin',
        'x-user-role': 'admin',
        [INTERNAL_TOKEN_HEADER]: 'forged',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ count: COURSES.length });
    expect(seen).toHaveLength(1);
    const [request_] = seen;
    expect(request_!.caller).toMatchObject({ kind: 'user', userId: 'u-alice', role: 'user' });
    expect(request_!.headers['x-user-id']).toBeUndefined();
    expect(request_!.headers['x-user-role']).toBeUndefined();
    // No trusted proxy in front: the address is the socket's, whatever the browser claimed.
    expect(request_!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request_!.headers['x-request-id']).toBe(answer.headers['x-request-id']);
    // The gateway's security headers are on the service's answer, as on a proxied one.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers although nothing listens at the service’s address; the others are still proxied', async () => {
    const courses = await request(`${gateway.url}/api/courses/count`);
    expect(courses.status).toBe(200);
    seen.length = 0;
    const payment = await request(`${gateway.url}/api/payment/providers`);
    expect(payment.status).toBe(200);
    expect(payment.json()).toMatchObject({ service: 'payment' });
    expect(peers.payment.seen.at(-1)?.url).toBe('/api/payment/providers');
    expect(seen).toHaveLength(0);
  });

  it('has large JSON compressed as the browser allows, and small JSON sent as it is', async () => {
    const large = await request(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'br' } });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.body).toString('utf8'))).toEqual(COURSES);

    const small = await request(`${gateway.url}/api/courses/count`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ count: COURSES.length });
  });

  it('streams a request body to the service', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const answer = await request(`${gateway.url}/api/lessons/12/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: gateway.url },
      body,
    });
    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ received: body.length, lesson: '12' });
  });
});

describe('a service in the gateway’s process that does not answer in time', () => {
  const TIMEOUT_MS = 400;
  let slowGateway: RunningGateway;
  let slowPeers: Peers;
  const lateWrites: Promise<void>[] = [];

  beforeAll(async () => {
    slowPeers = await startServicePeers();
    const course = express();
    // Never answers.
    course.get('/api/courses/hang', () => undefined);
    // Answers, but well after the gateway has given up on it.
    course.get('/api/courses/late', (_req, res) => {
      lateWrites.push(
        new Promise((resolve) => {
          setTimeout(() => {
            res.end(JSON.stringify({ late: true }));
            resolve();
          }, 3 * TIMEOUT_MS);
        }),
      );
    });
    course.get('/api/courses/count', (_req, res) => {
      res.json({ count: 1 });
    });
    course.post('/api/lessons/:id/complete', (req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => res.status(201).json({ received: size }));
    });
    const urls = { ...urlsOf(slowPeers), course: await refusedUrl() };
    slowGateway = await startGateway(
      loadGatewayConfig(gatewayEnv(urls, { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) })),
      { inProcess: { course } },
    );
  });

  afterAll(async () => {
    await slowGateway?.close();
    await slowPeers?.closeAll();
  });

  it('gets the 504 a proxied service silent that long gets', async () => {
    const answer = await request(`${slowGateway.url}/api/courses/hang`);
    expect(answer.status).toBe(504);
    expect(answer.json()).toEqual({ message: 'Course service timed out' });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('has what it writes afterwards dropped, and the gateway goes on answering', async () => {
    const answer = await request(`${slowGateway.url}/api/courses/late`);
    expect(answer.status).toBe(504);
    expect(lateWrites).toHaveLength(1);
    await Promise.all(lateWrites);
    const after = await request(`${slowGateway.url}/api/courses/count`);
    expect(after.status).toBe(200);
    expect(after.json()).toEqual({ count: 1 });
  });

  it('waits while the browser is still sending its body', async () => {
    const piece = Buffer.alloc(64 * 1024, 1);
    // The second half comes after more than two of the gateway's looks at the service.
    const slowBody = Readable.from(
      (async function* () {
        yield piece;
        await new Promise((resolve) => setTimeout(resolve, 2.5 * TIMEOUT_MS));
        yield piece;
      })(),
    );
    const answer = await request(`${slowGateway.url}/api/lessons/9/complete`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(piece.length * 2),
        origin: slowGateway.url,
      },
      body: slowBody,
    });
    expect(answer.status).toBe(201);
    expect(answer.json()).toEqual({ received: piece.length * 2 });
  });
});
