/**
 * The route fuzzer finds what it is for: a route that fails on a NUL byte, a route that shows a stack
 * trace or SQL, one that hangs up (named with what the connection did), and every route of the app
 * (mounted routers included); a sound route passes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import { z } from 'zod';
import { listen, type RunningServer } from '../../http/server.js';
import { encodeAny, findLeaks, fuzzRoutes, listServiceRoutes } from '../fuzz.js';

const NameSchema = z.object({ name: z.string().min(1).max(40) });

describe('fuzzRoutes', () => {
  let server: RunningServer;
  let app: Express;

  beforeAll(async () => {
    app = express();
    const api = express.Router();
    api.post('/sound', express.json(), (req, res) => {
      const body = NameSchema.safeParse(req.body);
      res.status(body.success ? 200 : 400).json({ ok: body.success });
    });
    // Like a database that cannot store a NUL byte.
    api.post('/breaks-on-nul', express.json(), (req, res) => {
      const body = NameSchema.safeParse(req.body);
      if (!body.success) return void res.status(400).json({ message: 'bad' });
      if (body.data.name.includes('\u0000')) return void res.status(500).json({ message: 'Internal' });
      res.json({ ok: true });
    });
    api.get('/items/:id', (req, res) => {
      if (req.params.id.includes("'")) {
        return void res
          .status(400)
          .json({ message: `Failed query: select * from "items" where id = '${req.params.id}'` });
      }
      res.status(404).json({ message: 'Not found' });
    });
    api.get('/shows-stack', (_req, res) => {
      res.status(400).send(new Error('boom').stack);
    });
    // Like a process that dies mid-request: the connection closes with no answer.
    api.get('/hangs-up', (req) => void req.socket.destroy());
    const admin = express.Router();
    admin.delete('/things/:id', (_req, res) => void res.status(204).end());
    app.use(api);
    app.use('/admin', admin);
    // Bodies that are not JSON: a 400 without Express's default page (which shows the stack outside production).
    app.use(((_error, _req, res, _next) => {
      res.status(400).json({ message: 'Bad request' });
    }) as express.ErrorRequestHandler);
    server = await listen(app, 0, '127.0.0.1');
  });

  afterAll(async () => {
    await server?.close();
  });

  const send = (_caller: unknown, pathname: string, init: RequestInit) =>
    fetch(`${server.url}${pathname}`, init);
  const run = (contracts: Parameters<typeof fuzzRoutes>[0]['contracts']) =>
    fuzzRoutes({
      service: { app },
      callers: { visitor: { kind: 'anonymous' } },
      send,
      contracts,
      numRuns: 60,
      seed: 42,
    });

  it('lists every route, those of mounted routers included', () => {
    expect(listServiceRoutes({ app }).map((route) => `${route.method} ${route.path}`)).toEqual([
      'POST /sound',
      'POST /breaks-on-nul',
      'GET /items/:id',
      'GET /shows-stack',
      'GET /hangs-up',
      'DELETE /admin/things/:id',
    ]);
  });

  it('reports the 500, the leaked SQL and the stack, passes the sound route, and names unknown contracts', async () => {
    const report = await run({
      'POST /sound': { body: NameSchema, examples: [{ name: 'Ada' }] },
      'POST /breaks-on-nul': { body: NameSchema, examples: [{ name: 'Ada' }] },
      'POST /gone': { body: NameSchema },
    });
    const failing = report.failures.map((failure) => failure.split(' (')[0]);
    expect(failing).toEqual(['POST /breaks-on-nul', 'GET /items/:id', 'GET /shows-stack', 'GET /hangs-up']);
    expect(report.failures[0]).toContain('answered 500');
    expect(report.failures[0]).toContain('FUZZ_SEED=42');
    expect(report.failures[1]).toContain('SQL text');
    expect(report.failures[2]).toContain('a stack frame');
    // What the connection did, not just 'fetch failed'.
    expect(report.failures[3]).toMatch(/no answer: fetch failed ← .+\((UND_ERR_SOCKET|ECONNRESET)\)/);
    expect(report.unknownContracts).toEqual(['POST /gone']);
    expect(report.statuses['POST /sound']?.[200]).toBeGreaterThan(0);
  });
});

describe('findLeaks', () => {
  it('sees stack frames, SQL, database errors and server paths, and not ordinary messages', () => {
    expect(findLeaks(new Error('x').stack!)).toContain('a stack frame');
    expect(findLeaks('insert into "auth"."users" ("id") values ($1)')).toContain('SQL text');
    expect(findLeaks('invalid byte sequence for encoding "UTF8": 0x00')).toContain('a database error');
    expect(findLeaks(`ENOENT: ${process.cwd()}/data/x`)).toContain('the working directory');
    expect(findLeaks('{"message":"Please select from the list"}')).toEqual([]);
  });
});

describe('encodeAny', () => {
  it('percent-encodes lone surrogates as the invalid UTF-8 a hostile client sends', () => {
    expect(encodeAny('a\ud800')).toBe('a%ED%A0%80');
    expect(encodeAny('🍝 /')).toBe('%F0%9F%8D%9D%20%2F');
  });
});
