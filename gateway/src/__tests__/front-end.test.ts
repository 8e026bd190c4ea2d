import { rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isContentHashed } from '../front-end/cache-control.js';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startServer, urlsOf, type RunningPeer } from './helpers/peers.js';
import { writeBuilt } from './helpers/built-files.js';
import { builtFrontEndEnv, useBuiltSite } from './helpers/site.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INDEX_HTML =
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const MAIN_JS = `export const routes = [${Array.from({ length: 400 }, (_, i) => `{ path: '/page-${i}' }`).join(', ')}];\n`;
const MANIFEST = JSON.stringify({ id: 'mfe_public', name: 'mfe_public', exposes: [{ path: './routes' }] });
// What each remote's build publishes: the client routes its `./routes` serves.
const PUBLIC_ROUTES = ['/', '/services', '/pricing', '/setup-password'];
const MEMBER_ROUTES = ['/dashboard', '/courses/:id'];
const ADMIN_ROUTES = ['/private-admin-panel-support-only'];
const routesJson = (routes: string[]) => JSON.stringify({ routes });

const { root, peers, gateway } = useBuiltSite(
  'front-end',
  async (dir) => {
    await writeBuilt(path.join(dir, 'shell'), {
      'index.html': INDEX_HTML,
      'main.3f2a9c1b.js': MAIN_JS,
      'remoteEntry.js': MAIN_JS,
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    await writeBuilt(path.join(dir, 'public'), {
      'mf-manifest.json': MANIFEST,
      'routes.json': routesJson(PUBLIC_ROUTES),
      'remoteEntry.js': MAIN_JS,
      '__federation_expose_routes.0a1b2c3d4e.js': MAIN_JS,
    });
    await writeBuilt(path.join(dir, 'member'), {
      'mf-manifest.json': MANIFEST,
      'routes.json': routesJson(MEMBER_ROUTES),
    });
    await writeBuilt(path.join(dir, 'admin'), {
      'mf-manifest.json': MANIFEST,
      'routes.json': routesJson(ADMIN_ROUTES),
    });
  },
  {
    course: {
      routes: (router) => {
        router.get('/api/courses', (_req, res) => {
          res.json(Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}`, published: true })));
        });
      },
    },
  },
);

describe('cache headers', () => {
  it('lets browsers keep content-hashed files for a year', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text()).toBe(MAIN_JS);
    const chunk = await request(`${gateway.url}/mfe/public/__federation_expose_routes.0a1b2c3d4e.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['/', 'text/html'],
    ['/index.html', 'text/html'],
    ['/remoteEntry.js', 'javascript'],
    ['/logo.svg', 'image/svg+xml'],
    ['/mfe/public/mf-manifest.json', 'application/json'],
    ['/mfe/public/remoteEntry.js', 'javascript'],
    ['/mfe/member/mf-manifest.json', 'application/json'],
    ['/mfe/admin/mf-manifest.json', 'application/json'],
  ])('makes browsers revalidate %s', async (url, type) => {
    const res = await request(`${gateway.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('tells content hashes from other names', () => {
    expect(isContentHashed('main.3f2a9c1b.js')).toBe(true);
    expect(isContentHashed('412.0a1b2c3d4e5f6a7b.css')).toBe(true);
    expect(isContentHashed('vendors-node_modules_react.deadbeef.js.map')).toBe(true);
    expect(isContentHashed('chunk-1a2b3c4d.js')).toBe(true);
    expect(isContentHashed('remoteEntry.js')).toBe(false);
    expect(isContentHashed('mf-manifest.json')).toBe(false);
    expect(isContentHashed('index.html')).toBe(false);
    expect(isContentHashed('412.js')).toBe(false);
    expect(isContentHashed('favicon.ico')).toBe(false);
  });
});

describe('remotes list', () => {
  it('names the three micro-frontends with the routes each publishes, and is never cached', async () => {
    const res = await request(`${gateway.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: [
        { name: 'mfe_public', entry: '/mfe/public/mf-manifest.json', routes: PUBLIC_ROUTES },
        { name: 'mfe_member', entry: '/mfe/member/mf-manifest.json', routes: MEMBER_ROUTES },
        { name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json', routes: ADMIN_ROUTES },
      ],
    });
  });
});

describe('client-side routes', () => {
  it.each(['/dashboard', '/courses/1', '/setup-password', '/private-admin-panel-support-only'])(
    'answers a browser navigation to %s with the shell',
    async (url) => {
      const res = await request(`${gateway.url}${url}?token=abc`, { headers: { accept: HTML } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text()).toBe(INDEX_HTML);
    },
  );

  it.each(['/no-such-page', '/no/such/page', '/courses/12/extra', '/courses', '/admin'])(
    'answers a browser navigation to %s, which no remote publishes, with 404 and the shell',
    async (url) => {
      const res = await request(`${gateway.url}${url}`, { headers: { accept: HTML } });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.link).toBeUndefined();
      // The shell's index.html: it renders its "404 Page Not Found" screen for this path.
      expect(res.text()).toBe(INDEX_HTML);
    },
  );

  it('matches published routes as the shell router does: any case, a trailing slash, :params', async () => {
    for (const url of ['/Pricing', '/services/', '/courses/12', '/']) {
      const res = await request(`${gateway.url}${url}`, { headers: { accept: HTML } });
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });

  it('answers HEAD for an unknown page with 404 too', async () => {
    const res = await request(`${gateway.url}/no-such-page`, { method: 'HEAD', headers: { accept: HTML } });
    expect(res.status).toBe(404);
    expect(res.body.length).toBe(0);
  });

  it('keeps the JSON 404 for API paths', async () => {
    const res = await request(`${gateway.url}/api/no-such-thing`, { headers: { accept: HTML } });
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it("learns a redeployed remote's new route without a restart", async () => {
    const url = `${gateway.url}/admin/new-page`;
    expect((await request(url, { headers: { accept: HTML } })).status).toBe(404);
    await writeBuilt(path.join(root(), 'admin'), {
      'routes.json': routesJson([...ADMIN_ROUTES, '/admin/new-page']),
    });
    // A second later, as a deployment would be: the folder is read again when the file changes.
    const later = new Date(Date.now() + 1_000);
    await utimes(path.join(root(), 'admin', 'routes.json'), later, later);
    try {
      expect((await request(url, { headers: { accept: HTML } })).status).toBe(200);
      const listed = (await request(`${gateway.url}/remotes.json`)).json() as {
        remotes: { name: string; routes?: string[] }[];
      };
      expect(listed.remotes.find((remote) => remote.name === 'mfe_admin')?.routes).toContain(
        '/admin/new-page',
      );
    } finally {
      await writeBuilt(path.join(root(), 'admin'), { 'routes.json': routesJson(ADMIN_ROUTES) });
    }
  });

  it('lets the shell decide when a remote has published no route list', async () => {
    const file = path.join(root(), 'member', 'routes.json');
    await rm(file);
    try {
      // Maybe the member remote's page: never a 404 the gateway cannot vouch for.
      const page = await request(`${gateway.url}/no-such-page`, { headers: { accept: HTML } });
      expect(page.status).toBe(200);
      expect(page.text()).toBe(INDEX_HTML);
      const listed = (await request(`${gateway.url}/remotes.json`)).json() as {
        remotes: { name: string; routes?: string[] }[];
      };
      expect(listed.remotes.find((remote) => remote.name === 'mfe_member')).toEqual({
        name: 'mfe_member',
        entry: '/mfe/member/mf-manifest.json',
      });
      // What the remotes that did publish declare is still theirs.
      const owned = await request(`${gateway.url}/services`, { headers: { accept: HTML } });
      expect(owned.status).toBe(200);
    } finally {
      await writeFile(file, routesJson(MEMBER_ROUTES));
    }
  });

  it('does not answer non-HTML requests, /mfe or /video-stream paths with the shell', async () => {
    const json = await request(`${gateway.url}/dashboard`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(json.json()).toEqual({ message: 'Not found' });
    const missingChunk = await request(`${gateway.url}/mfe/public/missing.js`, { headers: { accept: HTML } });
    expect(missingChunk.status).toBe(404);
    const video = await request(`${gateway.url}/video-stream`, { headers: { accept: HTML } });
    expect(video.status).toBe(404);
    const post = await request(`${gateway.url}/dashboard`, { method: 'POST', headers: { accept: HTML } });
    expect(post.status).toBe(404);
  });
});

describe('compression', () => {
  it('sends brotli when the browser accepts it', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(MAIN_JS);
    expect(res.body.length).toBeLessThan(MAIN_JS.length / 4);
  });

  it('sends gzip when the browser accepts only gzip', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(MAIN_JS);
  });

  it('sends plain bytes when the browser asks for no encoding', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text()).toBe(MAIN_JS);
  });

  it('compresses JSON answers from the services', async () => {
    const res = await request(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toHaveLength(200);
  });
});

describe('before the front end is built', () => {
  let bare: RunningGateway;

  beforeAll(async () => {
    bare = await startTestGateway(
      gatewayEnv(urlsOf(peers), builtFrontEndEnv(path.join(root(), 'not-built'))),
    );
  });

  afterAll(async () => {
    await bare?.close();
  });

  it('still starts, serves the API and says the front end is not built', async () => {
    const page = await request(`${bare.url}/dashboard`, { headers: { accept: HTML } });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text()).toContain('not built');
    const home = await request(`${bare.url}/`, { headers: { accept: HTML } });
    expect(home.status).toBe(503);
    const api = await request(`${bare.url}/api/courses`);
    expect(api.status).toBe(200);
    const remotes = await request(`${bare.url}/remotes.json`);
    expect(remotes.status).toBe(200);
  });
});

describe('front ends served from their own servers', () => {
  let shell: RunningPeer;
  let mfe: RunningPeer;
  let proxied: RunningGateway;
  let publicRoutes = PUBLIC_ROUTES;

  beforeAll(async () => {
    // Like nginx with `try_files $uri /index.html`: its files, and the page for any other path.
    shell = await startServer((req, res) => {
      if (req.url === '/logo.svg') {
        res.setHeader('content-type', 'image/svg+xml');
        res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
        return;
      }
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', 'no-cache');
      res.setHeader('etag', '"shell-index"');
      if (req.headers['if-none-match'] === '"shell-index"') {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.end(`shell:${req.url}`);
    });
    mfe = await startServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/routes.json' ? { routes: publicRoutes } : { path: req.url }));
    });
    proxied = await startTestGateway(
      gatewayEnv(urlsOf(peers), {
        SHELL_ORIGIN: shell.url,
        MFE_PUBLIC_ORIGIN: `${mfe.url}/`,
        MFE_MEMBER_DIR: path.join(root(), 'member'),
        MFE_ADMIN_DIR: path.join(root(), 'admin'),
        // Every page request asks the origins again, so a redeployment shows at the next request.
        FRONT_END_REFRESH_MS: '0',
      }),
    );
  });

  afterAll(async () => {
    await proxied?.close();
    await Promise.all([shell?.close(), mfe?.close()]);
  });

  it('proxies a remote under its prefix to the root of its own server', async () => {
    const res = await request(`${proxied.url}/mfe/public/mf-manifest.json?v=1`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ path: '/mf-manifest.json?v=1' });
  });

  it('proxies the shell and client-side routes with their paths unchanged', async () => {
    const res = await request(`${proxied.url}/dashboard`, { headers: { accept: HTML } });
    expect(res.status).toBe(200);
    expect(res.text()).toBe('shell:/dashboard');
    const api = await request(`${proxied.url}/api/courses`);
    expect(api.status).toBe(200);
    expect(api.text()).not.toContain('shell:');
  });

  it("answers a path no remote publishes with 404 and the shell's page", async () => {
    const res = await request(`${proxied.url}/no-such-page`, { headers: { accept: HTML } });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text()).toBe('shell:/no-such-page');
    // Even when the browser holds a copy of the page: the shell's 304 would hide the 404.
    const conditional = await request(`${proxied.url}/no-such-page`, {
      headers: { accept: HTML, 'if-none-match': '"shell-index"' },
    });
    expect(conditional.status).toBe(404);
    expect(conditional.text()).toBe('shell:/no-such-page');
    // The shell's own files keep their status, whatever the browser accepts.
    const logo = await request(`${proxied.url}/logo.svg`, { headers: { accept: HTML } });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it("follows a remote origin's route list as it is redeployed", async () => {
    const page = `${proxied.url}/brand-new-page`;
    expect((await request(page, { headers: { accept: HTML } })).status).toBe(404);
    publicRoutes = [...PUBLIC_ROUTES, '/brand-new-page'];
    const res = await request(page, { headers: { accept: HTML } });
    expect(res.status).toBe(200);
    expect(res.text()).toBe('shell:/brand-new-page');
    expect(res.headers.link).toContain('</mfe/public/mf-manifest.json>');
  });
});
