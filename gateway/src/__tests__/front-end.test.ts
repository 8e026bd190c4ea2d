import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isContentHashed } from '../front-end/cache-control.js';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import {
  gatewayEnv,
  startServer,
  startServicePeers,
  urlsOf,
  type Peers,
  type RunningPeer,
} from './helpers/peers.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INDEX_HTML =
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const MAIN_JS = `export const routes = [${Array.from({ length: 400 }, (_, i) => `{ path: '/page-${i}' }`).join(', ')}];\n`;
const MANIFEST = JSON.stringify({ id: 'mfe_public', name: 'mfe_public', exposes: [{ path: './routes' }] });

let root: string;
let peers: Peers;
let gateway: RunningGateway;

async function writeBuilt(dir: string, files: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, content]) => writeFile(path.join(dir, name), content)));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'gateway-front-end-'));
  await writeBuilt(path.join(root, 'shell'), {
    'index.html': INDEX_HTML,
    'main.3f2a9c1b.js': MAIN_JS,
    'remoteEntry.js': MAIN_JS,
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  await writeBuilt(path.join(root, 'public'), {
    'mf-manifest.json': MANIFEST,
    'remoteEntry.js': MAIN_JS,
    '__federation_expose_routes.0a1b2c3d4e.js': MAIN_JS,
  });
  await writeBuilt(path.join(root, 'member'), { 'mf-manifest.json': MANIFEST });
  await writeBuilt(path.join(root, 'admin'), { 'mf-manifest.json': MANIFEST });
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.get('/api/courses', (_req, res) => {
          res.json(Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}`, published: true })));
        });
      },
    },
  });
  gateway = await startTestGateway(
    gatewayEnv(urlsOf(peers), {
      SHELL_DIR: path.join(root, 'shell'),
      MFE_PUBLIC_DIR: path.join(root, 'public'),
      MFE_MEMBER_DIR: path.join(root, 'member'),
      MFE_ADMIN_DIR: path.join(root, 'admin'),
    }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
  await rm(root, { recursive: true, force: true });
});

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
  it('names the three micro-frontends and is never cached', async () => {
    const res = await request(`${gateway.url}/remotes.json`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: [
        { name: 'mfe_public', entry: '/mfe/public/mf-manifest.json' },
        { name: 'mfe_member', entry: '/mfe/member/mf-manifest.json' },
        { name: 'mfe_admin', entry: '/mfe/admin/mf-manifest.json' },
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
    const missing = path.join(root, 'not-built');
    bare = await startTestGateway(
      gatewayEnv(urlsOf(peers), {
        SHELL_DIR: path.join(missing, 'shell'),
        MFE_PUBLIC_DIR: path.join(missing, 'public'),
        MFE_MEMBER_DIR: path.join(missing, 'member'),
        MFE_ADMIN_DIR: path.join(missing, 'admin'),
      }),
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

  beforeAll(async () => {
    shell = await startServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', 'no-cache');
      res.end(`shell:${req.url}`);
    });
    mfe = await startServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url }));
    });
    proxied = await startTestGateway(
      gatewayEnv(urlsOf(peers), { SHELL_ORIGIN: shell.url, MFE_PUBLIC_ORIGIN: `${mfe.url}/` }),
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
});
