import { Writable } from 'node:stream';
import http from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import express from 'express';
import { pino } from 'pino';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { signInternalToken } from '../../identity.js';
import { createServiceApp, type LifecycleStage } from '../app.js';
import { listen, type RunningServer } from '../server.js';

const secret = 'q'.repeat(40);
const servers: RunningServer[] = [];

/** `/api/slow` answers only once the test opens this gate (and is told the request arrived). */
let slowGate = openableGate();
let slowArrived = openableGate();
function openableGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino({ level: 'debug' }, destination), lines };
}

async function startApp(readiness: Record<string, () => Promise<void>> = {}, stage?: () => LifecycleStage) {
  const { logger, lines } = capturingLogger();
  const app = createServiceApp({
    service: 'demo',
    logger,
    internalTokenSecret: secret,
    readiness,
    stage,
    routes: (router) => {
      router.get('/api/items/:name', (req, res) => {
        res.json({ name: req.params.name });
      });
      router.get('/api/whoami', (req, res) => {
        res.json(req.caller);
      });
      router.get('/api/conflict', () => {
        throw new AppError('conflict', 'Already there');
      });
      router.post('/api/validate', express.json(), (req, res) => {
        const body = z.object({ email: z.email('Please enter a valid email') }).parse(req.body);
        res.json(body);
      });
      router.get('/api/boom', async () => {
        throw new Error('database password is hunter2');
      });
      router.get('/api/slow', async (_req, res) => {
        slowArrived.open();
        await slowGate.opened;
        res.json({ done: true });
      });
    },
  });
  const server = await listen(app, 0, '127.0.0.1');
  servers.push(server);
  return { url: server.url, server, lines };
}

const anonymous = () => signInternalToken({ kind: 'anonymous' }, secret);
/** A GET of `path` as the gateway sends a visitor's. */
const fetchAnonymously = async (url: string, path: string) =>
  fetch(`${url}${path}`, { headers: { 'x-internal-token': await anonymous() } });

/** On a fresh app, expects a visitor's GET of `path` answered with `status` and exactly the JSON `body`. */
async function expectAnonymousGetAnswered(path: string, status: number, body: unknown) {
  const { url } = await startApp();
  const response = await fetchAnonymously(url, path);
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close(1000)));
});

describe('service app factory', () => {
  it('answers /healthz without a token', async () => {
    const { url } = await startApp();
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', service: 'demo' });
  });

  it('answers /livez whatever its checks say, and /readyz only while serving', async () => {
    let stage: LifecycleStage = 'starting';
    let checked = 0;
    const { url } = await startApp(
      {
        database: async () => {
          checked += 1;
        },
      },
      () => stage,
    );
    const readyz = async () => {
      const response = await fetch(`${url}/readyz`);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'not-ready', service: 'demo', checks: {}, stage: 'starting' },
    });
    stage = 'serving';
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ready', service: 'demo', checks: { database: { status: 'ok' } }, stage: 'serving' },
    });
    stage = 'stopping';
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'not-ready', service: 'demo', checks: {}, stage: 'stopping' },
    });
    expect(checked).toBe(1);
    const live = await fetch(`${url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', service: 'demo' });
  });

  it('reports readiness per check and 503 naming the failing one', async () => {
    const { url } = await startApp({
      database: async () => undefined,
      bus: async () => {
        throw new Error('nats connection closed');
      },
    });
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'not-ready',
      service: 'demo',
      checks: { database: { status: 'ok' }, bus: { status: 'error', error: 'nats connection closed' } },
    });
  });

  it('refuses requests without a valid gateway token and exposes the caller with one', async () => {
    const { url } = await startApp();
    expect((await fetch(`${url}/api/whoami`)).status).toBe(401);
    expect((await fetch(`${url}/api/whoami`, { headers: { 'x-internal-token': 'forged' } })).status).toBe(
      401,
    );
    const token = await signInternalToken(
      { kind: 'user', userId: '9', email: 'a@example.com', role: 'user' },
      secret,
    );
    const response = await fetch(`${url}/api/whoami`, { headers: { 'x-internal-token': token } });
    expect(await response.json()).toEqual({
      kind: 'user',
      userId: '9',
      email: 'a@example.com',
      role: 'user',
    });
  });

  it('maps AppError types to status codes with a JSON message', async () => {
    await expectAnonymousGetAnswered('/api/conflict', 409, { message: 'Already there' });
  });

  it('answers invalid input with 400, the first message and the issues', async () => {
    const { url } = await startApp();
    const headers = { 'x-internal-token': await anonymous(), 'content-type': 'application/json' };
    const invalid = await fetch(`${url}/api/validate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      message: 'Please enter a valid email',
      issues: [{ path: 'email', message: 'Please enter a valid email' }],
    });
    const malformed = await fetch(`${url}/api/validate`, { method: 'POST', headers, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('hides unknown errors behind a 500 and keeps the details in the log', async () => {
    const { url, lines } = await startApp();
    const response = await fetchAnonymously(url, '/api/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toContain('hunter2');
    expect(lines.join('')).toContain('hunter2');
  });

  it('answers unknown paths with a JSON 404', async () => {
    await expectAnonymousGetAnswered('/api/unknown', 404, { message: 'Not found: GET /api/unknown' });
  });

  it('answers a path parameter that does not percent-decode with 404, not 500', async () => {
    const { url } = await startApp();
    const headers = { 'x-internal-token': await anonymous() };
    expect(await (await fetch(`${url}/api/items/menu%20v2`, { headers })).json()).toEqual({
      name: 'menu v2',
    });
    const broken = await fetch(`${url}/api/items/%E0%A4%A`, { headers });
    expect(broken.status).toBe(404);
    expect(await broken.json()).toEqual({ message: 'Not found' });
  });

  it('keeps the gateway request id, or makes one, and logs it', async () => {
    const { url, lines } = await startApp();
    const kept = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'req-123' } });
    expect(kept.headers.get('x-request-id')).toBe('req-123');
    const made = await fetch(`${url}/api/whoami`, { headers: { 'x-request-id': 'bad id with spaces!' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.includes(made.headers.get('x-request-id')!))).toBe(true);
  });

  it('logs what the gateway proxies at debug level, and an answer of 500 as an error', async () => {
    const { url, lines } = await startApp();
    const headers = { 'x-internal-token': await anonymous() };
    await (
      await fetch(`${url}/api/items/menu`, { headers: { ...headers, 'x-request-id': 'fine-1' } })
    ).text();
    await (await fetch(`${url}/api/boom`, { headers: { ...headers, 'x-request-id': 'boom-1' } })).text();
    const accessLines = (reqId: string) =>
      lines
        .map((line) => JSON.parse(line) as { reqId?: string; level: number; msg: string; res?: unknown })
        .filter((line) => line.reqId === reqId && line.res !== undefined);
    expect(accessLines('fine-1')).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/items/menu' },
        res: { statusCode: 200 },
      }),
    ]);
    expect(accessLines('boom-1')).toEqual([
      expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  });
});

describe('graceful shutdown', () => {
  afterEach(() => {
    slowGate.open();
    slowGate = openableGate();
    slowArrived = openableGate();
  });

  it('finishes in-flight requests, refuses new connections and closes idle keep-alive sockets', async () => {
    const { url, server } = await startApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const token = await anonymous();
    // An idle keep-alive connection that must not hold the shutdown.
    const idleSocketClosed = new Promise<void>((resolve) => {
      http.get(`${url}/healthz`, { agent }, (res) => {
        res.socket.once('close', () => resolve());
        res.resume();
      });
    });
    const inFlight = fetch(`${url}/api/slow`, { headers: { 'x-internal-token': token } });
    await slowArrived.opened;
    // A forced close would cut the in-flight request: give it far longer than this test may run.
    const closing = server.close(10 * 60_000);
    // The idle socket is closed while the request is still in flight…
    await idleSocketClosed;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // …and the request still gets its answer, after which the server is closed.
    slowGate.open();
    const response = await inFlight;
    expect(await response.json()).toEqual({ done: true });
    await closing;
    agent.destroy();
  });

  it('gives up on a request that outlives the timeout', async () => {
    const { url, server } = await startApp();
    const hanging = fetchAnonymously(url, '/api/slow').catch((e: Error) => e);
    await slowArrived.opened;
    // The request never finishes; the close resolves only because the timeout cuts it.
    await server.close(200);
    // The client sees the connection cut (a fetch failure), not an answer.
    expect(await hanging).toMatchObject({ message: 'fetch failed' });
  });
});
