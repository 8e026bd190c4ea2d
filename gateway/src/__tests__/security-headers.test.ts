/**
 * Security headers on every kind of answer: the shell's pages, the gateway's own JSON, and what a service
 * answers through the proxy. The CSP allows the shell's inline script by its hash and nothing else inline.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingHttpHeaders } from 'node:http';
import { DOCUMENT_ONLY_HEADERS } from '../security/security-headers.js';
import type { RunningGateway } from '../server.js';
import { writeBuilt } from './helpers/built-files.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { startServer, type RunningPeer } from './helpers/peers.js';
import { builtFrontEndEnv, makeSiteRoot } from './helpers/site.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const THEME_SCRIPT =
  "try{localStorage.getItem('theme')==='dark'&&document.documentElement.classList.add('dark')}catch{}";
const indexHtml = (script: string) =>
  `<!doctype html><html><head><title>Shell</title><script>${script}</script>` +
  '<script defer src="/main.3f2a9c1b.js"></script></head><body><div id="root"></div></body></html>';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SERVICE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";

const { startGateway } = useGatewaysOnPeers({
  payment: {
    routes: (router) => {
      // A service page with its own policy, like the test provider's checkout.
      router.get('/api/test-checkout/page', (_req, res) => {
        res.set('Content-Security-Policy', SERVICE_CSP).type('html').send('<p>Checkout</p>');
      });
    },
  },
});
let siteRoot: string;
let shellDir: string;
let shellServer: RunningPeer;

const gatewayWith = (extra: Record<string, string> = {}) =>
  startGateway({ ...builtFrontEndEnv(siteRoot), ...extra });

beforeAll(async () => {
  siteRoot = await makeSiteRoot('headers');
  shellDir = path.join(siteRoot, 'shell');
  // Each remote publishes its (empty) route list, so a path no remote declares is a real 404 whether or
  // not the repository's own front end has been built.
  for (const remote of ['public', 'member', 'admin']) {
    await writeBuilt(path.join(siteRoot, remote), { 'routes.json': JSON.stringify({ routes: [] }) });
  }
  await writeBuilt(shellDir, {});
  await writeFile(path.join(shellDir, 'index.html'), indexHtml(THEME_SCRIPT));
  await writeFile(path.join(shellDir, 'main.3f2a9c1b.js'), 'console.log(1);\n');
  await writeFile(path.join(shellDir, 'main.3f2a9c1b.css'), 'body{color:red}\n');
  await writeFile(path.join(shellDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  // Large enough for its .br copy to be held in memory and answered from there the second time.
  const script = `${'console.log("built");\n'.repeat(200)}`;
  await writeFile(path.join(shellDir, '412.0a1b2c3d.js'), script);
  await writeFile(path.join(shellDir, '412.0a1b2c3d.js.br'), brotliCompressSync(script));
  shellServer = await startServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(indexHtml('window.fromOrigin=1'));
  });
});

afterAll(async () => {
  await shellServer?.close();
  await rm(siteRoot, { recursive: true, force: true });
});

/** The policy's directives by name, each a list of sources. */
function cspOf(headers: IncomingHttpHeaders): Record<string, string[]> {
  const value = headers['content-security-policy'];
  expect(typeof value).toBe('string');
  return Object.fromEntries(
    String(value)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>;
}

function expectCommonHeaders(headers: IncomingHttpHeaders): void {
  const csp = cspOf(headers);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  for (const sources of Object.values(csp)) expect(sources).not.toContain("'unsafe-eval'");
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await gatewayWith();
  });

  it("are on the shell's pages, with the inline theme script allowed by its hash only", async () => {
    const page = await request(`${gateway.url}/dashboard`, { headers: { accept: HTML } });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(page.headers);
    expect(cspOf(page.headers)['script-src']).toEqual(["'self'", sha256(THEME_SCRIPT)]);
    expect(cspOf(page.headers)['frame-src']).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('follow a rebuilt shell: a changed inline script gets its new hash', async () => {
    const rebuilt = "document.documentElement.dataset.rebuilt='1'";
    const file = path.join(shellDir, 'index.html');
    await writeFile(file, indexHtml(rebuilt));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    try {
      const page = await request(`${gateway.url}/`, { headers: { accept: HTML } });
      expect(cspOf(page.headers)['script-src']).toEqual(["'self'", sha256(rebuilt)]);
    } finally {
      await writeFile(file, indexHtml(THEME_SCRIPT));
      const latest = new Date(Date.now() + 10_000);
      await utimes(file, latest, latest);
    }
  });

  it("are on the gateway's own JSON answers", async () => {
    for (const pathname of ['/healthz', '/api/nothing-owns-this', '/remotes.json']) {
      const answer = await request(`${gateway.url}${pathname}`);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expectCommonHeaders(answer.headers);
    }
  });

  it("are on a service's JSON answer through the proxy", async () => {
    const answer = await request(`${gateway.url}/api/courses`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ service: 'course' });
    expectCommonHeaders(answer.headers);
  });

  it("are on a built file only as far as a browser reads them there: a script's or stylesheet's type and origin rules", async () => {
    const answers = [
      await request(`${gateway.url}/main.3f2a9c1b.js`),
      await request(`${gateway.url}/main.3f2a9c1b.css`),
      // Precompressed, from disk and then from memory.
      await request(`${gateway.url}/412.0a1b2c3d.js`, { headers: { 'accept-encoding': 'br' } }),
      await request(`${gateway.url}/412.0a1b2c3d.js`, { headers: { 'accept-encoding': 'br' } }),
    ];
    expect(answers[2]?.headers['content-encoding']).toBe('br');
    expect(answers[3]?.headers['content-encoding']).toBe('br');
    for (const file of answers) {
      expect(file.status).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY_HEADERS) expect(file.headers[name]).toBeUndefined();
    }
    const revalidated = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'if-none-match': String(answers[0]?.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(revalidated.headers[name]).toBeUndefined();
  });

  it('stay whole on whatever can be opened as a document under a file name: an SVG, the 404 page', async () => {
    const svg = await request(`${gateway.url}/logo.svg`);
    expect(svg.status).toBe(200);
    expectCommonHeaders(svg.headers);
    const notFound = await request(`${gateway.url}/missing.3f2a9c1b.js`, { headers: { accept: HTML } });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(notFound.headers);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(notFound.headers[name]).toBeDefined();
  });

  it("leave a service page's own, stricter policy in place", async () => {
    const page = await request(`${gateway.url}/api/test-checkout/page`, { headers: { accept: HTML } });
    expect(page.headers['content-security-policy']).toBe(SERVICE_CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HSTS', () => {
  it('is sent in production with secure cookies (their default there), for a year', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production' });
    const answer = await request(`${gateway.url}/healthz`);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is not sent in production when COOKIE_SECURE is off (plain HTTP)', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'production', COOKIE_SECURE: 'false' });
    expect((await request(`${gateway.url}/healthz`)).headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent outside production, even with COOKIE_SECURE on', async () => {
    const gateway = await gatewayWith({ NODE_ENV: 'development', COOKIE_SECURE: 'true' });
    expect((await request(`${gateway.url}/healthz`)).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the policy follows the configuration', () => {
  it('allows images and media from the object store where presigned redirects send browsers', async () => {
    const gateway = await gatewayWith({
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://media.example.test/bucket',
    });
    const csp = cspOf((await request(`${gateway.url}/healthz`)).headers);
    expect(csp['img-src']).toContain('https://media.example.test');
    expect(csp['media-src']).toContain('https://media.example.test');
    expect(csp['img-src']).not.toContain('http://minio:9000');
    // hls.js fetches a lesson's segments itself, redirected to the store, and plays them from a blob:.
    expect(csp['connect-src']).toEqual(["'self'", 'https://media.example.test']);
    expect(csp['media-src']).toContain('blob:');
  });

  it('falls back to S3_ENDPOINT when browsers reach the store there', async () => {
    const gateway = await gatewayWith({ S3_ENDPOINT: 'http://127.0.0.1:9100' });
    const csp = cspOf((await request(`${gateway.url}/healthz`)).headers);
    expect(csp['media-src']).toContain('http://127.0.0.1:9100');
  });

  it("hashes the inline scripts of the shell's own server when SHELL_ORIGIN is set", async () => {
    const gateway = await gatewayWith({ SHELL_ORIGIN: shellServer.url });
    const page = await request(`${gateway.url}/`, { headers: { accept: HTML } });
    expect(cspOf(page.headers)['script-src']).toEqual(["'self'", sha256('window.fromOrigin=1')]);
  });
});
