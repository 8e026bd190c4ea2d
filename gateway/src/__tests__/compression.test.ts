/**
 * Compression where it pays: the build's precompressed copies (scripts/precompress.mjs, the function the
 * front-end build runs) sent from disk as they are, the services' large JSON compressed on the way, and
 * nothing compressed that is small, already compressed, a byte range or a HEAD.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { acceptedEncodings } from '../front-end/precompressed.js';
import { request } from './helpers/http-client.js';
import { writeBuilt } from './helpers/built-files.js';
import { useBuiltSite } from './helpers/site.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const ${name}${i} = () => '${name} line ${i}';`).join('\n');
const INDEX_HTML = `<!doctype html><html><head><title>Shell</title>${Array.from(
  { length: 30 },
  (_, i) => `<link rel="preload" href="/chunk-${i}.0a1b2c3d.js" as="script" fetchpriority="low">`,
).join('')}</head><body><div id="root"></div></body></html>`;
const MAIN_JS = script('main', 600);
const SMALL_JS = 'export const tiny = 1;\n';
const REMOTE_ENTRY = script('remote', 300);
const ROUTES = JSON.stringify({ routes: ['/', '/services'] });
/** A catalogue read as the course service answers it: a strong tag, revalidated at every view. */
const CATALOGUE = {
  products: Array.from({ length: 40 }, (_, id) => ({ id: `product-${id}`, name: `Product ${id}` })),
};
const CATALOGUE_ETAG = '"Vx3b0cQh2Qm5GfX1k8pR7tYzW4nL6sA9dE2uJ0oI5cM"';
const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

const shellDir = () => path.join(root(), 'shell');
const publicDir = () => path.join(root(), 'public');

const { root, peers, gateway } = useBuiltSite(
  'compression',
  async () => {
    await writeBuilt(shellDir(), {
      'index.html': INDEX_HTML,
      'main.3f2a9c1b.js': MAIN_JS,
      'chunk.4d5e6f7a.js': script('chunk', 200),
      'small.5e6f7a8b.js': SMALL_JS,
      'photo.9a8b7c6d.png': randomBytes(8 * 1024),
    });
    await writeBuilt(publicDir(), {
      'remoteEntry.js': REMOTE_ENTRY,
      'routes.json': ROUTES,
      'mf-manifest.json': JSON.stringify({ id: 'mfe_public', name: 'mfe_public', exposes: [] }),
    });
    for (const name of ['member', 'admin'])
      await writeBuilt(path.join(root(), name), { 'routes.json': ROUTES });
    // What the production build does once rspack has written the files.
    await precompressDir(shellDir());
    await precompressDir(publicDir());
  },
  {
    course: {
      routes: (router) => {
        router.get('/api/courses', (_req, res) => {
          res.json(Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}`, published: true })));
        });
        router.get('/api/courses/count', (_req, res) => {
          res.json({ count: 200 });
        });
        router.get('/api/products', (req, res) => {
          res.set({ ETag: CATALOGUE_ETAG, 'Cache-Control': CATALOGUE_CACHE_CONTROL });
          if (req.get('if-none-match') === CATALOGUE_ETAG) res.status(304).end();
          else res.json(CATALOGUE);
        });
        router.get('/api/courses/brochure.pdf', (_req, res) => {
          res.type('application/pdf').send(Buffer.alloc(64 * 1024, 'pdf '));
        });
      },
    },
  },
);

describe('the build', () => {
  it('writes brotli and gzip copies beside compressible files of 1 KB or more, and only those', async () => {
    const main = await readFile(path.join(shellDir(), 'main.3f2a9c1b.js'));
    expect(brotliDecompressSync(await readFile(path.join(shellDir(), 'main.3f2a9c1b.js.br')))).toEqual(main);
    expect(gunzipSync(await readFile(path.join(shellDir(), 'main.3f2a9c1b.js.gz')))).toEqual(main);
    const copies = async (file: string) =>
      (
        await Promise.all(
          ['.br', '.gz'].map((suffix) =>
            readFile(`${file}${suffix}`).then(
              () => suffix,
              () => null,
            ),
          ),
        )
      ).filter(Boolean);
    expect(await copies(path.join(shellDir(), 'index.html'))).toEqual(['.br', '.gz']);
    expect(await copies(path.join(publicDir(), 'remoteEntry.js'))).toEqual(['.br', '.gz']);
    expect(await copies(path.join(shellDir(), 'small.5e6f7a8b.js'))).toEqual([]);
    expect(await copies(path.join(shellDir(), 'photo.9a8b7c6d.png'))).toEqual([]);
    expect(await copies(path.join(publicDir(), 'routes.json'))).toEqual([]);
  });
});

describe('precompressed files', () => {
  const main = () => path.join(shellDir(), 'main.3f2a9c1b.js');

  it('sends the .br copy as it is to a browser that accepts brotli', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const copy = await readFile(`${main()}.br`);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(copy.length));
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    // Byte for byte the build's copy: not compressed again on the way.
    expect(res.body).toEqual(copy);
  });

  it('sends the .gz copy to a browser that accepts only gzip, or prefers it', async () => {
    const copy = await readFile(`${main()}.gz`);
    for (const acceptEncoding of ['gzip', 'br;q=0.5, gzip', 'gzip, br;q=0']) {
      const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect({ acceptEncoding, encoding: res.headers['content-encoding'] }).toEqual({
        acceptEncoding,
        encoding: 'gzip',
      });
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-length']).toBe(String(copy.length));
      expect(res.body).toEqual(copy);
    }
  });

  it('sends the original to a browser that accepts neither', async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await request(`${gateway.url}/main.3f2a9c1b.js`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text()).toBe(MAIN_JS);
    }
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String((await readFile(`${main()}.br`)).length));
    expect(res.body.length).toBe(0);
  });

  it('answers a byte range with the bytes of the file itself', async () => {
    const res = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=100-199' },
    });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 100-199/${Buffer.byteLength(MAIN_JS)}`);
    expect(res.text()).toBe(MAIN_JS.slice(100, 200));
  });

  it('revalidates the copy by its own validator', async () => {
    const first = await request(`${gateway.url}/main.3f2a9c1b.js`, { headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    const plain = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.etag).not.toBe(etag);
    const again = await request(`${gateway.url}/main.3f2a9c1b.js`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("keeps no-cache for index.html and a remote's remoteEntry.js, and sends their copies", async () => {
    const page = await request(`${gateway.url}/`, { headers: { accept: HTML, 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toEqual(await readFile(path.join(shellDir(), 'index.html.br')));
    const entry = await request(`${gateway.url}/mfe/public/remoteEntry.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.body).toEqual(await readFile(path.join(publicDir(), 'remoteEntry.js.gz')));
    const routes = await request(`${gateway.url}/mfe/public/routes.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(routes.headers['content-encoding']).toBeUndefined();
    expect(routes.headers['cache-control']).toBe('no-cache');
    expect(routes.text()).toBe(ROUTES);
  });

  it('sends the copy of the page under 404 for a path no remote publishes', async () => {
    const page = await request(`${gateway.url}/no-such-page`, {
      headers: { accept: HTML, 'accept-encoding': 'br' },
    });
    expect(page.status).toBe(404);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX_HTML);
  });

  it('ignores a copy older than its file (a file changed after the build)', async () => {
    const file = path.join(publicDir(), 'mf-manifest.json');
    const changed = JSON.stringify({ id: 'mfe_public', exposes: [], note: 'x'.repeat(2_000) });
    await writeFile(file, changed);
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const res = await request(`${gateway.url}/mfe/public/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    // Compressed on the way from the file as it is now (there was no copy: it was under 1 KB at build time).
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(changed);
    await precompressDir(publicDir(), ['mf-manifest.json']);
    const stale = path.join(publicDir(), 'mf-manifest.json.br');
    const earlier = new Date(Date.now() - 60_000);
    await utimes(stale, earlier, earlier);
    await writeFile(stale, Buffer.from('not the file any more'));
    await utimes(stale, earlier, earlier);
    const again = await request(`${gateway.url}/mfe/public/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(again.body).toString()).toBe(changed);
  });

  it('notices a copy removed after it was sent', async () => {
    const chunk = path.join(shellDir(), 'chunk.4d5e6f7a.js');
    const first = await request(`${gateway.url}/chunk.4d5e6f7a.js`, { headers: { 'accept-encoding': 'br' } });
    expect(first.body).toEqual(await readFile(`${chunk}.br`));
    await rm(`${chunk}.br`);
    const res = await request(`${gateway.url}/chunk.4d5e6f7a.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(brotliDecompressSync(res.body).toString()).toBe(script('chunk', 200));
    const gzipped = await request(`${gateway.url}/chunk.4d5e6f7a.js`, {
      headers: { 'accept-encoding': 'br;q=0.5, gzip' },
    });
    expect(gzipped.body).toEqual(await readFile(`${chunk}.gz`));
  });
});

describe('compression on the way', () => {
  it('compresses a large JSON answer from a service', async () => {
    const res = await request(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toHaveLength(200);
    const gzipped = await request(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toHaveLength(200);
  });

  it('leaves a tiny JSON answer as it is', async () => {
    const res = await request(`${gateway.url}/api/courses/count`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ count: 200 });
  });

  it('leaves already-compressed types as they are: PDF from a service, images from the build', async () => {
    const pdf = await request(`${gateway.url}/api/courses/brochure.pdf`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(64 * 1024);
    const photo = await request(`${gateway.url}/photo.9a8b7c6d.png`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.body.length).toBe(8 * 1024);
  });

  it('leaves a tiny built file as it is', async () => {
    const res = await request(`${gateway.url}/small.5e6f7a8b.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.text()).toBe(SMALL_JS);
  });

  it("keeps a service's strong ETag and Cache-Control on the compressed answer, and passes its 304 back", async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await request(`${gateway.url}/api/products`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      // The same tag as the service gave: the content is the same whatever the encoding.
      expect(res.headers.etag).toBe(CATALOGUE_ETAG);
      expect(res.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
      expect(res.headers.vary).toContain('Accept-Encoding');
      const body = encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body);
      expect(JSON.parse(body.toString())).toEqual(CATALOGUE);
    }

    const again = await request(`${gateway.url}/api/products`, {
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': CATALOGUE_ETAG },
    });
    expect(peers.course.seen.at(-1)?.headers['if-none-match']).toBe(CATALOGUE_ETAG);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(CATALOGUE_ETAG);
    expect(again.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
    expect(again.headers['content-encoding']).toBeUndefined();

    const other = await request(`${gateway.url}/api/products`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': '"an-older-one"' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.etag).toBe(CATALOGUE_ETAG);
    expect(JSON.parse(brotliDecompressSync(other.body).toString())).toEqual(CATALOGUE);
  });

  it('answers HEAD for a large JSON answer without compressing it', async () => {
    const res = await request(`${gateway.url}/api/courses`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBe(0);
  });
});

describe('Accept-Encoding', () => {
  it('ranks brotli and gzip by weight, brotli first among equals', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1.0, br;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.5, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('GZIP')).toEqual(['gzip']);
  });
});
