import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClientRoutes, type RemoteFrontEnd } from '../client-routes.js';
import { createBuiltJsonReader } from '../read-built-json.js';

let root: string;

async function publish(dir: string, routes: string[], mtimeOffsetMs = 0): Promise<void> {
  const file = path.join(dir, 'routes.json');
  await writeFile(file, JSON.stringify({ routes }));
  if (mtimeOffsetMs) {
    const when = new Date(Date.now() + mtimeOffsetMs);
    await utimes(file, when, when);
  }
}

function routesOf(remotes: RemoteFrontEnd[], originCacheMs = 10_000) {
  return createClientRoutes({ remotes, readJson: createBuiltJsonReader({ originCacheMs }) });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-client-routes-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('client routes from built folders', () => {
  let remotes: RemoteFrontEnd[];

  beforeAll(async () => {
    remotes = ['public', 'member'].map((name) => ({
      name: `mfe_${name}`,
      entry: `/mfe/${name}/mf-manifest.json`,
      dir: path.join(root, name),
    }));
    await Promise.all(remotes.map((remote) => mkdir(remote.dir, { recursive: true })));
    await publish(remotes[0]!.dir, ['/', '/services', '/pricing']);
    await publish(remotes[1]!.dir, ['/dashboard', '/courses/:id']);
  });

  it('finds the owner like the shell router: whole path, any case, a trailing slash, :params', async () => {
    const routes = routesOf(remotes);
    const ownerOf = async (pathname: string) => {
      const match = await routes.match(pathname);
      return match.kind === 'owned' ? match.remote.name : match.kind;
    };
    expect(await ownerOf('/')).toBe('mfe_public');
    expect(await ownerOf('/Pricing')).toBe('mfe_public');
    expect(await ownerOf('/services/')).toBe('mfe_public');
    expect(await ownerOf('/courses/12')).toBe('mfe_member');
    expect(await ownerOf('/courses')).toBe('unknown');
    expect(await ownerOf('/courses/12/extra')).toBe('unknown');
    expect(await ownerOf('/no/such/page')).toBe('unknown');
  });

  it('lists each remote with the routes it publishes', async () => {
    expect(await routesOf(remotes).list()).toEqual([
      { name: 'mfe_public', entry: '/mfe/public/mf-manifest.json', routes: ['/', '/services', '/pricing'] },
      { name: 'mfe_member', entry: '/mfe/member/mf-manifest.json', routes: ['/dashboard', '/courses/:id'] },
    ]);
  });

  it('follows a redeployed remote: a new route is known once its list changes', async () => {
    const routes = routesOf(remotes);
    expect((await routes.match('/membership')).kind).toBe('unknown');
    await publish(remotes[1]!.dir, ['/dashboard', '/courses/:id', '/membership'], 2_000);
    expect(await routes.match('/membership')).toMatchObject({
      kind: 'owned',
      remote: { name: 'mfe_member' },
    });
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"routes": ['],
    ['not a list of paths', '{"routes": "/dashboard"}'],
    ['a pattern the shell would read otherwise', '{"routes": ["/files/*", "/courses/:id?"]}'],
    ['a path with a file extension', '{"routes": ["/robots.txt"]}'],
  ])('cannot rule a path out while a list is %s, and leaves the remote unlisted', async (name, content) => {
    const dir = path.join(root, `odd-${name.replace(/\W+/g, '-')}`);
    await mkdir(dir, { recursive: true });
    if (content !== null) await writeFile(path.join(dir, 'routes.json'), content);
    const routes = routesOf([...remotes, { name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json', dir }]);
    expect((await routes.match('/no-such-page')).kind).toBe('undecided');
    expect((await routes.match('/services')).kind).toBe('owned');
    const listed = await routes.list();
    expect(listed[2]).toEqual({ name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json' });
  });
});

describe('client routes from a front end server', () => {
  let server: http.Server;
  let origin: string;
  let answer: { status: number; body: string };
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests += 1;
      res.statusCode = req.url === '/routes.json' ? answer.status : 404;
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/routes.json' ? answer.body : '{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const remote = () => ({ name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json', dir: '/nowhere', origin });

  it('fetches the list again once the cache time has passed, and not before', async () => {
    answer = { status: 200, body: JSON.stringify({ routes: ['/revenue-admin'] }) };
    const cached = routesOf([remote()], 60_000);
    expect((await cached.match('/revenue-admin')).kind).toBe('owned');
    answer = { status: 200, body: JSON.stringify({ routes: ['/revenue-admin', '/admin/new'] }) };
    const before = requests;
    expect((await cached.match('/admin/new')).kind).toBe('unknown');
    expect(requests).toBe(before);

    const fresh = routesOf([remote()], 0);
    expect((await fresh.match('/admin/new')).kind).toBe('owned');
  });

  it('keeps the last list while the server fails, and drops it when the server says it has none', async () => {
    const routes = routesOf([remote()], 0);
    answer = { status: 200, body: JSON.stringify({ routes: ['/revenue-admin'] }) };
    expect((await routes.match('/no-such-page')).kind).toBe('unknown');
    answer = { status: 503, body: '{"message":"restarting"}' };
    expect((await routes.match('/revenue-admin')).kind).toBe('owned');
    expect((await routes.match('/no-such-page')).kind).toBe('unknown');
    answer = { status: 404, body: '{}' };
    expect((await routes.match('/no-such-page')).kind).toBe('undecided');
  });

  it('cannot rule anything out before the server has ever answered', async () => {
    const closed = routesOf([{ ...remote(), origin: 'http://127.0.0.1:9' }], 0);
    expect((await closed.match('/no-such-page')).kind).toBe('undecided');
    expect(await closed.list()).toEqual([{ name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json' }]);
  });
});
