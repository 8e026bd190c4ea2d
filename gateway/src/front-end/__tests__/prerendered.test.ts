import { createHash } from 'node:crypto';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { request } from '../../__tests__/helpers/http-client.js';
import { findPrerenderedPage } from '../prerendered.js';
import { writeBuilt } from '../../__tests__/helpers/built-files.js';
import { useBuiltSite } from '../../__tests__/helpers/site.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const THEME_SCRIPT = "try{localStorage.getItem('theme')}catch{}";
const page = (root: string) =>
  `<!doctype html><html><head><title>Shell</title><script>${THEME_SCRIPT}</script></head><body><div id="root">${root}</div></body></html>`;
const INDEX_HTML = page('');
const SERVICES_HTML = page('<main><h1>Hands-on help for your restaurant</h1></main>');
const HOME_HTML = page(
  `<main><h1>Why Customers Don't Come Back</h1>${'<p>Fill your tables.</p>'.repeat(80)}</main>`,
);

const { root, gateway } = useBuiltSite('prerendered', async (dir) => {
  const shell = path.join(dir, 'shell');
  await writeBuilt(shell, { 'index.html': INDEX_HTML });
  await writeBuilt(path.join(shell, 'prerendered'), {
    'services.html': SERVICES_HTML,
    'index.html': HOME_HTML,
    'index.html.gz': gzipSync(HOME_HTML),
  });
  for (const [name, routes] of Object.entries({
    public: ['/', '/services', '/cart'],
    member: ['/dashboard'],
    admin: ['/admin'],
  })) {
    await writeBuilt(path.join(dir, name), {
      'mf-manifest.json': JSON.stringify({ id: name, name, exposes: [{ path: './routes' }] }),
      'routes.json': JSON.stringify({ routes }),
    });
  }
});

describe('prerendered public pages', () => {
  it('sends the prerendered page for its path, as the shell page is sent', async () => {
    const res = await request(`${gateway.url}/services`, { headers: { accept: HTML } });
    expect(res.status).toBe(200);
    expect(res.text()).toBe(SERVICES_HTML);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    // None of the remote's preload hints (the page loads its own entry), and the inline script's hash
    // in the policy.
    expect(res.headers.link).toBeUndefined();
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('sends `/` from prerendered/index.html, its precompressed copy when accepted', async () => {
    const res = await request(`${gateway.url}/`, {
      headers: { accept: HTML, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.body).toString()).toBe(HOME_HTML);
  });

  it("sends the plain shell page, with the owning remote's preload hints, for a page not prerendered", async () => {
    const res = await request(`${gateway.url}/cart`, { headers: { accept: HTML } });
    expect(res.text()).toBe(INDEX_HTML);
    expect(res.headers.link).toContain('</mfe/public/mf-manifest.json>');
  });

  it('sends the plain shell page for every other page, spelling and unknown path', async () => {
    for (const [url, status] of [
      ['/cart', 200],
      ['/dashboard', 200],
      ['/services/', 200],
      ['/Services', 200],
      ['/no/such/page', 404],
    ] as const) {
      const res = await request(`${gateway.url}${url}`, { headers: { accept: HTML } });
      expect({ url, status: res.status, body: res.text() }).toEqual({ url, status, body: INDEX_HTML });
    }
  });

  it('finds a page file only for a plain lower-case path inside the folder', async () => {
    const shell = path.join(root(), 'shell');
    expect(await findPrerenderedPage(shell, '/services')).toBe(
      path.join(shell, 'prerendered', 'services.html'),
    );
    expect(await findPrerenderedPage(shell, '/')).toBe(path.join(shell, 'prerendered', 'index.html'));
    for (const pathname of ['/pricing', '/index', '/services.html', '/a/b', '/..', '/%2e%2e', '/-x', '']) {
      expect({ pathname, file: await findPrerenderedPage(shell, pathname) }).toEqual({
        pathname,
        file: undefined,
      });
    }
  });
});
