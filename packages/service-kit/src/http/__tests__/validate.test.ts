/**
 * `validate` and the typed `requireUser` / `requireAdmin` in a real service app over HTTP: what a bad body,
 * query or path answers, the body limit and its per-route override, what the handler receives, and (at
 * compile time, through the `@ts-expect-error` lines) the types the handler sees.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller } from '@platform/contracts';
import { z } from 'zod';
import { requireAdmin, requireUser, signInternalToken } from '../../identity.js';
import type { RunningServer } from '../server.js';
import { JSON_BODY_LIMIT, validate, type Middleware } from '../validate.js';
import { startDemoApp } from './demo-app.js';

const secret = 'v'.repeat(40);
let server: RunningServer;

const MenuBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Name is too short')
    .regex(/^[^<>]*$/, 'Name must not contain < or >'),
  seats: z.number({ error: 'Seats must be a number' }).int('Seats must be a whole number'),
});
const PageQuery = z.object({
  page: z.coerce.number('page must be a number').int().min(1, 'page must be at least 1').default(1),
  sort: z.enum(['name', 'date'], { error: 'sort must be name or date' }).optional(),
});
const IdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'Invalid id')
    .transform(Number),
});
const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

beforeAll(async () => {
  server = await startDemoApp(secret, {
    routes: (router) => {
      router.post('/api/menus', validate({ body: MenuBody }), (req, res) => {
        const seats: number = req.body.seats;
        // @ts-expect-error the body is the schema's output: `seats` is a number
        const wrong: string = req.body.seats;
        res.status(201).json({ ...req.body, seats, wrong });
      });
      router.post(
        '/api/big',
        validate({ body: z.object({ text: z.string() }) }, { limit: '64kb' }),
        (req, res) => {
          res.json({ length: req.body.text.length });
        },
      );
      router.get('/api/menus', noStore, validate({ query: PageQuery }), (req, res) => {
        const page: number = req.query.page;
        // @ts-expect-error the query is the schema's output, not Express's strings
        const wrong: string = req.query.page;
        res.json({ page, sort: req.query.sort ?? null, wrong, own: Object.keys(req.query).sort() });
      });
      router.put(
        '/api/menus/:id',
        validate({ params: IdParams, body: MenuBody }, { notFound: 'Menu not found' }),
        (req, res) => {
          const id: number = req.params.id;
          res.json({ id, name: req.body.name });
        },
      );
      router.get('/api/dishes/:id', validate({ params: IdParams }), (req, res) => {
        res.json({ id: req.params.id });
      });
      router.post('/api/mine', noStore, requireUser, validate({ body: MenuBody }), (req, res) => {
        const userId: string = req.caller.userId;
        res.json({ userId, name: req.body.name });
      });
      router.get('/api/admin-only', requireAdmin, (req, res) => {
        const role: 'admin' = req.caller.role;
        res.json({ role });
      });
      router.get('/api/anyone', noStore, (req, res) => {
        // @ts-expect-error without requireUser the caller may be a visitor
        const userId: string = req.caller.userId;
        res.json({ kind: req.caller.kind, userId: userId ?? null });
      });
    },
  });
});

afterAll(async () => {
  await server.close(1_000);
});

const member: Caller = { kind: 'user', userId: 'u-7', email: 'owner@example.com', role: 'user' };
async function headersFor(caller: Caller = { kind: 'anonymous' }) {
  return { 'x-internal-token': await signInternalToken(caller, secret), 'content-type': 'application/json' };
}
async function call(path: string, init: { method?: string; body?: string; caller?: Caller } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: await headersFor(init.caller),
    body: init.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** Expects a validation refusal: 400 with the first issue's message and every issue, in order. */
function expectRefusedWith(
  answer: { status: number; body: unknown },
  issues: [{ path: string; message: string }, ...{ path: string; message: string }[]],
) {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ message: issues[0].message, issues });
}

describe('validate: body', () => {
  it('hands the handler the parsed body', async () => {
    const { status, body } = await call('/api/menus', {
      method: 'POST',
      body: JSON.stringify({ name: '  Lunch  ', seats: 12, extra: 'dropped' }),
    });
    expect(status).toBe(201);
    expect(body).toEqual({ name: 'Lunch', seats: 12, wrong: 12 });
  });

  // '<' breaks two of the name's rules: one problem per field, the first its schema finds.
  it.each(['L', '<'])(
    'answers a bad body (name %j) with 400, the first message and one issue per field',
    async (name) => {
      const answer = await call('/api/menus', {
        method: 'POST',
        body: JSON.stringify({ name, seats: 1.5 }),
      });
      expectRefusedWith(answer, [
        { path: 'name', message: 'Name is too short' },
        { path: 'seats', message: 'Seats must be a whole number' },
      ]);
    },
  );

  it('checks a missing body as an empty object, naming the required fields', async () => {
    const response = await fetch(`${server.url}/api/menus`, {
      method: 'POST',
      headers: { 'x-internal-token': await signInternalToken({ kind: 'anonymous' }, secret) },
    });
    expectRefusedWith({ status: response.status, body: await response.json() }, [
      { path: 'name', message: 'Name is required' },
      { path: 'seats', message: 'Seats must be a number' },
    ]);
  });

  it('answers malformed JSON with 400', async () => {
    const { status, body } = await call('/api/menus', { method: 'POST', body: '{"name":' });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('refuses a body over the limit with 413, and a route may raise its own limit', async () => {
    expect(JSON_BODY_LIMIT).toBe('32kb');
    const text = 'x'.repeat(40 * 1024);
    const tooLarge = await call('/api/menus', {
      method: 'POST',
      body: JSON.stringify({ name: text, seats: 1 }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'Request body is too large' });
    const raised = await call('/api/big', { method: 'POST', body: JSON.stringify({ text }) });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({ length: text.length });
    const overRaised = await call('/api/big', {
      method: 'POST',
      body: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(overRaised.status).toBe(413);
  });
});

describe('validate: query', () => {
  it('hands the handler the parsed query as req.query', async () => {
    const { status, body } = await call('/api/menus?page=3&sort=name&unknown=1');
    expect(status).toBe(200);
    expect(body).toEqual({ page: 3, sort: 'name', wrong: 3, own: ['page', 'sort'] });
    expect((await call('/api/menus')).body).toMatchObject({ page: 1, sort: null });
  });

  it('reads a repeated parameter by its first value', async () => {
    expect((await call('/api/menus?page=2&page=9')).body).toMatchObject({ page: 2 });
  });

  it('answers a bad query with 400, the first message and every issue', async () => {
    const answer = await call('/api/menus?page=0&sort=price');
    expectRefusedWith(answer, [
      { path: 'page', message: 'page must be at least 1' },
      { path: 'sort', message: 'sort must be name or date' },
    ]);
    // Middleware before it in the chain still ran.
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('validate: path parameters', () => {
  it('hands the handler the parsed parameters', async () => {
    expect((await call('/api/dishes/42')).body).toEqual({ id: 42 });
    const { status, body } = await call('/api/menus/7', {
      method: 'PUT',
      body: JSON.stringify({ name: 'Dinner', seats: 4 }),
    });
    expect(status).toBe(200);
    expect(body).toEqual({ id: 7, name: 'Dinner' });
  });

  it('answers parameters that do not parse with 404: the route message, else the first issue', async () => {
    const named = await call('/api/menus/abc', { method: 'PUT', body: JSON.stringify({}) });
    // The path is checked before the body: nothing is named, so the body does not matter.
    expect(named.status).toBe(404);
    expect(named.body).toEqual({ message: 'Menu not found' });
    const fromSchema = await call('/api/dishes/0');
    expect(fromSchema.status).toBe(404);
    expect(fromSchema.body).toEqual({ message: 'Invalid id' });
  });
});

describe('requireUser and requireAdmin in a chain', () => {
  it('refuses visitors before the input is checked, and hands members their caller', async () => {
    const visitor = await call('/api/mine', { method: 'POST', body: JSON.stringify({ name: 'x' }) });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Unauthorized' });
    const bad = await call('/api/mine', {
      method: 'POST',
      body: JSON.stringify({ name: 'x' }),
      caller: member,
    });
    expect(bad.status).toBe(400);
    const good = await call('/api/mine', {
      method: 'POST',
      body: JSON.stringify({ name: 'Brunch', seats: 2 }),
      caller: member,
    });
    expect(good.body).toEqual({ userId: 'u-7', name: 'Brunch' });
  });

  it('lets only admins through requireAdmin', async () => {
    expect((await call('/api/admin-only')).status).toBe(401);
    const user = await call('/api/admin-only', { caller: member });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ message: 'Access denied' });
    const admin = await call('/api/admin-only', { caller: { ...member, role: 'admin' } });
    expect(admin.body).toEqual({ role: 'admin' });
  });

  it('leaves the caller a visitor or a user where no check ran', async () => {
    expect((await call('/api/anyone')).body).toEqual({ kind: 'anonymous', userId: null });
  });
});
