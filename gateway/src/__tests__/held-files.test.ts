/**
 * Copies of content-hashed built files held in memory once sent (docs/decisions.md, 57): the answer from
 * memory is the answer from disk (a request with If-Unmodified-Since is still sent from disk, so the two
 * are compared side by side), revalidation and HEAD work on it, a byte range still gets the original's
 * bytes, files without a hash in their name are read again at every request, and the store stays within
 * its bounds.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { captureLogs, waitFor } from '@platform/service-kit/testing';
import { HeldFiles, REVALIDATE_MS, type HeldCopy } from '../front-end/held-files.js';
import { request, type RawResponse } from './helpers/http-client.js';
import { writeBuilt } from './helpers/built-files.js';
import { useBuiltSite } from './helpers/site.js';

const script = (name: string, lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const ${name}${i} = () => '${name} line ${i}';`).join('\n');
const MAIN_JS = script('main', 600);
const CHUNK_JS = script('chunk', 300);
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Far ahead: the file was not modified since, so `send` answers 200 from disk, as without the header.
const FROM_DISK = { 'if-unmodified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' };

const logs = captureLogs();
const shellDir = () => path.join(root(), 'shell');
const publicDir = () => path.join(root(), 'public');

const { root, gateway } = useBuiltSite(
  'held-files',
  async () => {
    await writeBuilt(shellDir(), {
      'index.html': '<!doctype html><title>Shell</title>',
      'main.3f2a9c1b.js': MAIN_JS,
    });
    await writeBuilt(publicDir(), {
      'remoteEntry.js': script('entry', 200),
      '__federation_expose_routes.0a1b2c3d4e.js': CHUNK_JS,
    });
    for (const name of ['member', 'admin']) await writeBuilt(path.join(root(), name), {});
    await precompressDir(shellDir());
    await precompressDir(publicDir());
  },
  {},
  { logger: logs.logger },
);

/** The headers that may differ between two answers of the same file (time and request id). */
function comparable({ status, headers, body }: RawResponse) {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return { status, headers: rest, body };
}

describe('a content-hashed file held in memory', () => {
  it.each([
    ['/main.3f2a9c1b.js', 'br'],
    ['/main.3f2a9c1b.js', 'gzip'],
    ['/mfe/public/__federation_expose_routes.0a1b2c3d4e.js', 'br'],
  ])('answers %s (%s) again exactly as from disk', async (url, encoding) => {
    const headers = { 'accept-encoding': encoding };
    const first = await request(`${gateway.url}${url}`, { headers });
    const again = await request(`${gateway.url}${url}`, { headers });
    const fromDisk = await request(`${gateway.url}${url}`, { headers: { ...headers, ...FROM_DISK } });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe(encoding);
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(comparable(again)).toEqual(comparable(first));
    expect(comparable(fromDisk)).toEqual(comparable(first));
  });

  it('answers If-None-Match and If-Modified-Since with 304 and no content headers, as from disk', async () => {
    const url = `${gateway.url}/main.3f2a9c1b.js`;
    const first = await request(url, { headers: { 'accept-encoding': 'br' } });
    for (const validator of [
      { 'if-none-match': String(first.headers.etag) },
      { 'if-modified-since': String(first.headers['last-modified']) },
    ]) {
      const headers = { 'accept-encoding': 'br', ...validator };
      const held = await request(url, { headers });
      expect(held.status).toBe(304);
      expect(held.body.length).toBe(0);
      expect(held.headers['content-type']).toBeUndefined();
      expect(held.headers['content-encoding']).toBeUndefined();
      expect(held.headers.etag).toBe(first.headers.etag);
      expect(held.headers['cache-control']).toBe(IMMUTABLE);
      const fromDisk = await request(url, { headers: { ...headers, ...FROM_DISK } });
      expect(comparable(fromDisk)).toEqual(comparable(held));
    }
    const other = await request(url, { headers: { 'accept-encoding': 'br', 'if-none-match': '"older"' } });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(await readFile(path.join(shellDir(), 'main.3f2a9c1b.js.br')));
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const url = `${gateway.url}/main.3f2a9c1b.js`;
    const get = await request(url, { headers: { 'accept-encoding': 'br' } });
    const head = await request(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(comparable(head).headers).toEqual(comparable(get).headers);
  });

  it("still answers a byte range with the original's bytes", async () => {
    const url = `${gateway.url}/main.3f2a9c1b.js`;
    await request(url, { headers: { 'accept-encoding': 'br' } });
    const part = await request(url, { headers: { 'accept-encoding': 'br', range: 'bytes=10-59' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.text()).toBe(MAIN_JS.slice(10, 60));
  });

  it('is not what a browser accepting neither encoding gets', async () => {
    const url = `${gateway.url}/main.3f2a9c1b.js`;
    await request(url, { headers: { 'accept-encoding': 'br' } });
    const plain = await request(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text()).toBe(MAIN_JS);
  });
});

describe('the access line', () => {
  const linesFor = (reqId: string) => logs.logs.filter((line) => line.reqId === reqId);

  it('is written for the read from disk, not for the answers from memory that follow', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const url = `${gateway.url}/mfe/public/__federation_expose_routes.0a1b2c3d4e.js`;
    await request(url, { headers: { ...headers, ...FROM_DISK, 'x-request-id': 'held-disk' } });
    await waitFor(
      () => linesFor('held-disk').length,
      (count) => count === 1,
      'the line of the read from disk',
    );
    // Held by now if it was not before: the next answer comes from memory.
    await request(url, { headers });
    const fromMemory = await request(url, { headers: { ...headers, 'x-request-id': 'held-memory' } });
    expect(fromMemory.status).toBe(200);
    // A later request's line: the answer from memory would have been logged by then.
    await request(`${gateway.url}/`, { headers: { 'x-request-id': 'held-barrier' } });
    await waitFor(
      () => linesFor('held-barrier').length,
      (count) => count === 1,
      'the next line',
    );
    expect(linesFor('held-memory')).toEqual([]);
  });
});

describe('a file without a hash in its name', () => {
  it('is read again at every request: a rebuilt remoteEntry.js is sent as it now is', async () => {
    const url = `${gateway.url}/mfe/public/remoteEntry.js`;
    const before = await request(url, { headers: { 'accept-encoding': 'br' } });
    expect(before.headers['cache-control']).toBe('no-cache');
    const rebuilt = script('rebuilt', 250);
    await writeFile(path.join(publicDir(), 'remoteEntry.js'), rebuilt);
    await precompressDir(publicDir(), ['remoteEntry.js']);
    const after = await request(url, { headers: { 'accept-encoding': 'br' } });
    expect(after.headers['content-encoding']).toBe('br');
    expect(after.body).toEqual(await readFile(path.join(publicDir(), 'remoteEntry.js.br')));
    expect(after.body).not.toEqual(before.body);
  });
});

describe('the store of held copies', () => {
  const copyOf = (bytes: number, encoding: HeldCopy['encoding'] = 'br'): HeldCopy => ({
    body: Buffer.alloc(bytes, 1),
    contentType: 'text/javascript; charset=utf-8',
    encoding,
    cacheControl: IMMUTABLE,
    etag: 'W/"1-1"',
    lastModified: new Date(0).toUTCString(),
    size: bytes,
    mtimeMs: 0,
    checkedAt: performance.now(),
  });

  it('holds copies up to the file limit, under plain paths only', () => {
    const held = new HeldFiles({ fileBytes: 100, totalBytes: 1_000 });
    held.hold('/a.0a1b2c3d.js', copyOf(100));
    held.hold('/b.0a1b2c3d.js', copyOf(101));
    held.hold('/%61.0a1b2c3d.js', copyOf(10));
    held.hold('/x/../a.0a1b2c3d.js', copyOf(10));
    held.hold('//a.0a1b2c3d.js', copyOf(10));
    expect(held.get('/a.0a1b2c3d.js', 'br')).toBeDefined();
    expect(held.get('/a.0a1b2c3d.js', 'gzip')).toBeUndefined();
    expect(held.get('/b.0a1b2c3d.js', 'br')).toBeUndefined();
    expect(held.size).toBe(100);
  });

  it('lets the oldest go to stay within the total', () => {
    const held = new HeldFiles({ fileBytes: 100, totalBytes: 250 });
    for (const name of ['a', 'b', 'c']) held.hold(`/${name}.0a1b2c3d.js`, copyOf(100));
    expect(held.get('/a.0a1b2c3d.js', 'br')).toBeUndefined();
    expect(held.get('/b.0a1b2c3d.js', 'br')).toBeDefined();
    expect(held.get('/c.0a1b2c3d.js', 'br')).toBeDefined();
    expect(held.size).toBe(200);
    held.hold('/c.0a1b2c3d.js', copyOf(50));
    expect(held.size).toBe(150);
    held.forget('/b.0a1b2c3d.js', 'br');
    expect(held.size).toBe(50);
  });

  it('answers from a copy only while the disk confirmed it within REVALIDATE_MS', () => {
    const held = new HeldFiles();
    const copy = copyOf(10);
    held.hold('/a.0a1b2c3d.js', copy);
    expect(held.recent('/a.0a1b2c3d.js', 'br')).toBe(copy);
    copy.checkedAt = performance.now() - REVALIDATE_MS;
    expect(held.recent('/a.0a1b2c3d.js', 'br')).toBeUndefined();
    expect(held.get('/a.0a1b2c3d.js', 'br')).toBe(copy);
  });
});
