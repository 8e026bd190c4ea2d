/**
 * `routesWith` in a real service app over HTTP: every route of a policy answers with its cache header,
 * refusals included, checks access before the route's own handlers, and (at compile time, through the
 * `@ts-expect-error` lines) hands those handlers the caller and the parsed request as the router would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller } from '@platform/contracts';
import { z } from 'zod';
import { requireAdmin, requireUser, signInternalToken } from '../../identity.js';
import { noStore, privateNoStore } from '../no-store.js';
import { routesWith } from '../routes-with.js';
import type { RunningServer } from '../server.js';
import { validate } from '../validate.js';
import { startDemoApp } from './demo-app.js';

const secret = 'r'.repeat(40);
let server: RunningServer;

const NoteBody = z.object({ text: z.string().min(1, 'Text is required') });
const IdParams = z.object({ id: z.string().regex(/^\d+$/, 'Note not found').transform(Number) });

beforeAll(async () => {
  server = await startDemoApp(secret, {
    routes: (router) => {
      const owner = routesWith(router, { cache: privateNoStore, access: requireUser });
      const admin = routesWith(router, { cache: noStore, access: requireAdmin });
      const anyone = routesWith(router, { cache: noStore });

      owner.put('/api/notes/:id', validate({ params: IdParams, body: NoteBody }), (req, res) => {
        const id: number = req.params.id;
        // @ts-expect-error the body is the schema's output: `text` is a string
        const wrong: number = req.body.text;
        res.json({ id, text: req.body.text, userId: req.caller.userId, wrong });
      });
      admin.get('/api/notes', (req, res) => {
        const role: 'admin' = req.caller.role;
        res.json({ role });
      });
      anyone.get('/api/notes/count', (req, res) => {
        // @ts-expect-error without an access check the caller may be a visitor
        const userId: string = req.caller.userId;
        res.json({ kind: req.caller.kind, userId: userId ?? null });
      });
    },
  });
});

afterAll(async () => {
  await server.close(1_000);
});

const member: Caller = { kind: 'user', userId: 'u-3', email: 'member@example.com', role: 'user' };
const adminCaller: Caller = { kind: 'user', userId: 'u-1', email: 'admin@example.com', role: 'admin' };

async function call(path: string, init: { method?: string; body?: unknown; caller?: Caller } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-internal-token': signInternalToken(init.caller ?? { kind: 'anonymous' }, secret),
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('routesWith', () => {
  it("runs the route's handlers after the policy, typed as validate makes them", async () => {
    const answer = await call('/api/notes/7', { method: 'PUT', body: { text: 'hello' }, caller: member });
    expect(answer).toEqual({
      status: 200,
      cacheControl: 'private, no-store',
      body: { id: 7, text: 'hello', userId: 'u-3', wrong: 'hello' },
    });
  });

  it('puts the cache header on refusals: the access check and validation alike', async () => {
    const visitor = await call('/api/notes/7', { method: 'PUT', body: { text: 'hello' } });
    expect(visitor).toMatchObject({ status: 401, cacheControl: 'private, no-store' });
    const badBody = await call('/api/notes/7', { method: 'PUT', body: { text: '' }, caller: member });
    expect(badBody).toMatchObject({ status: 400, cacheControl: 'private, no-store' });
    const user = await call('/api/notes', { caller: member });
    expect(user).toMatchObject({ status: 403, cacheControl: 'no-store' });
  });

  it('checks access before validating, so a visitor learns nothing of the request', async () => {
    const answer = await call('/api/notes/x', { method: 'PUT', body: {} });
    expect(answer.status).toBe(401);
  });

  it('lets the callers the access check allows through, and anyone without one', async () => {
    expect(await call('/api/notes', { caller: adminCaller })).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { role: 'admin' },
    });
    expect(await call('/api/notes/count')).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { kind: 'anonymous', userId: null },
    });
  });
});
