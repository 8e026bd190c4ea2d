/**
 * `/api/media/*` (docs/decisions.md, 52): with MEDIA_OBJECTS_DIR the gateway sends the file a signed
 * address names from a real folder (whole, a range, 416, 304, HEAD) with the signed type and disposition,
 * refuses a changed or expired address, answers 404 for a missing file, and asks no service; without the
 * setting the path is not served here and the proxy answers its 404 as for any unknown API path. Small
 * files answered from memory (docs/decisions.md, 57) answer exactly as `send` does from disk (a request
 * with If-Unmodified-Since still goes to `send`), and a replaced or removed file is noticed at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { contentDisposition } from '@platform/service-kit/http';
import { LocalObjectStore, signMediaUrl } from '@platform/service-kit/storage';
import { MAX_HELD_MEDIA_BYTES } from '../media/media-files.js';
import type { RunningGateway } from '../server.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';
import { expectWholeVideo, request, type RawResponse } from './helpers/http-client.js';
import { SECRET } from './helpers/peers.js';

const CLIP = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 251));
const KEY = 'course-media/lesson clip.mp4';

const { peers, startGateway } = useGatewaysOnPeers();
let gateway: RunningGateway;
let plainGateway: RunningGateway;
let rootDir: string;
let store: LocalObjectStore;

beforeAll(async () => {
  rootDir = await mkdtemp(path.join(tmpdir(), 'gateway-media-'));
  store = new LocalObjectStore({ rootDir, signedUrls: { secret: SECRET } });
  await store.put(KEY, CLIP, { contentType: 'video/mp4' });
  await store.put('course-media/workbook.pdf', Buffer.from('%PDF-1.4 workbook'), {
    contentType: 'application/pdf',
  });
  gateway = await startGateway({ MEDIA_OBJECTS_DIR: rootDir });
  plainGateway = await startGateway();
});

afterAll(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

async function signed(key = KEY, options: { disposition?: string } = {}) {
  const address = await store.presignGet(key, {
    expiresInSeconds: 300,
    contentType: key.endsWith('.pdf') ? 'application/pdf' : 'video/mp4',
    contentDisposition: options.disposition ?? 'inline',
  });
  if (!address) throw new Error('the store signed nothing');
  return address;
}

function changed(address: string, name: string, value: string): string {
  const url = new URL(address, 'http://site.test');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

const courseRequests = () => peers.course.seen.filter((seen) => seen.url.startsWith('/api/media')).length;

describe('signed media from the gateway', () => {
  it('sends the whole file with the signed type, disposition and validators', async () => {
    const response = await request(`${gateway.url}${await signed()}`);
    expectWholeVideo(response, CLIP, 'private, no-cache');
    expect(response.headers['last-modified']).toEqual(expect.any(String));
  });

  it('answers a range with 206 and a range past the end with 416', async () => {
    const address = await signed();
    const part = await request(`${gateway.url}${address}`, { headers: { Range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${CLIP.length}`);
    expect(part.body.equals(CLIP.subarray(100, 1100))).toBe(true);

    const suffix = await request(`${gateway.url}${address}`, { headers: { Range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(CLIP.subarray(CLIP.length - 10))).toBe(true);

    const past = await request(`${gateway.url}${address}`, { headers: { Range: `bytes=${CLIP.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${CLIP.length}`);
    expect(past.json()).toEqual({ message: expect.any(String) });
  });

  it('revalidates: 304 for the current ETag, 412 for an If-Match that no longer holds', async () => {
    const address = await signed();
    const first = await request(`${gateway.url}${address}`);
    const again = await request(`${gateway.url}${address}`, {
      headers: { 'If-None-Match': first.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await request(`${gateway.url}${address}`, { headers: { 'If-Match': '"another"' } });
    expect(stale.status).toBe(412);
  });

  it('answers HEAD as a GET without the body', async () => {
    const response = await request(`${gateway.url}${await signed()}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(String(CLIP.length));
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.body.length).toBe(0);
  });

  it('offers a document as the download the address names', async () => {
    const address = await signed('course-media/workbook.pdf', {
      disposition: contentDisposition('attachment', 'workbook.pdf'),
    });
    const response = await request(`${gateway.url}${address}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="workbook.pdf"');
    expect(response.text()).toBe('%PDF-1.4 workbook');
  });

  it('refuses a changed, expired or traversing address with 403 and the JSON error', async () => {
    const address = await signed();
    const refused = [
      changed(address, 'type', 'text/html'),
      changed(address, 'disposition', 'attachment'),
      changed(address, 'exp', String(Math.floor(Date.now() / 1000) + 86_400)),
      changed(address, 'signature', 'x'.repeat(43)),
      address.replace('lesson%20clip.mp4', 'workbook.pdf'),
      address.replace('course-media/', 'course-media/..%2F'),
      address.split('?')[0]!,
      // Signed an hour ago for five minutes.
      signMediaUrl(KEY, SECRET, {
        contentType: 'video/mp4',
        contentDisposition: 'inline',
        expiresInSeconds: 300,
        now: new Date(Date.now() - 3_600_000),
      }),
    ];
    for (const pathname of refused) {
      const response = await request(`${gateway.url}${pathname}`);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 403 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 404 for a validly signed address whose file is gone', async () => {
    await store.put('course-media/gone.mp4', Buffer.from('soon gone'));
    const address = await signed('course-media/gone.mp4');
    await store.delete('course-media/gone.mp4');
    const response = await request(`${gateway.url}${address}`);
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found' });
  });

  it('answers 404 for a validly signed address that names a folder, from memory or from disk', async () => {
    const address = await signed('course-media');
    for (const headers of [{}, { 'if-match': '*' }]) {
      const response = await request(`${gateway.url}${address}`, { headers });
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ message: 'File not found' });
    }
  });

  it('asked no service for any of it', () => {
    // (runs after the cases above; the ones below ask none either)
    expect(courseRequests()).toBe(0);
  });

  it('does not serve the path without MEDIA_OBJECTS_DIR: the proxy answers its 404', async () => {
    const response = await request(`${plainGateway.url}${await signed()}`);
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

/** What may differ between two answers of the same file: the time and the request id. */
function comparable({ status, headers, body }: RawResponse) {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return { status, headers: rest, body };
}

// Far ahead: the file was not modified since, so `send` answers from disk as it would without it.
const FROM_DISK = { 'If-Unmodified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT' };

describe('small media answered from memory', () => {
  it.each([
    ['the whole file', {}],
    ['a range', { Range: 'bytes=100-1099' }],
    ['a suffix range', { Range: 'bytes=-10' }],
    ['an open range', { Range: 'bytes=4000-' }],
    ['a range past the end (416)', { Range: `bytes=${CLIP.length}-` }],
    ['two ranges (the whole file)', { Range: 'bytes=0-9,20-29' }],
    ['a malformed range (the whole file)', { Range: 'bytes=abc' }],
    ['another unit (the whole file)', { Range: 'items=0-5' }],
  ])('answers %s exactly as send does from disk', async (_case, headers) => {
    const address = await signed();
    const first = await request(`${gateway.url}${address}`, { headers });
    const again = await request(`${gateway.url}${address}`, { headers });
    const fromDisk = await request(`${gateway.url}${address}`, { headers: { ...headers, ...FROM_DISK } });
    expect(comparable(again)).toEqual(comparable(first));
    expect(comparable(fromDisk)).toEqual(comparable(first));
  });

  it('answers HEAD, If-None-Match and If-Modified-Since as send does', async () => {
    const address = await signed();
    const { headers } = await request(`${gateway.url}${address}`);
    for (const [method, extra] of [
      ['HEAD', {}],
      ['HEAD', { Range: 'bytes=0-99' }],
      ['GET', { 'If-None-Match': headers.etag! }],
      ['GET', { 'If-Modified-Since': headers['last-modified']! }],
      ['GET', { 'If-None-Match': '"another"' }],
    ] as const) {
      const held = await request(`${gateway.url}${address}`, { method, headers: extra });
      const fromDisk = await request(`${gateway.url}${address}`, {
        method,
        headers: { ...extra, ...FROM_DISK },
      });
      expect({ method, extra, answer: comparable(held) }).toEqual({
        method,
        extra,
        answer: comparable(fromDisk),
      });
    }
    const notModified = await request(`${gateway.url}${address}`, {
      headers: { 'If-None-Match': headers.etag! },
    });
    expect(notModified.status).toBe(304);
  });

  it('sends a replaced file as it now is, and answers 404 once it is removed', async () => {
    const key = 'course-media/replaced.mp4';
    await store.put(key, Buffer.from('the first version'));
    const address = await signed(key);
    const first = await request(`${gateway.url}${address}`);
    expect(first.text()).toBe('the first version');
    await store.put(key, Buffer.from('the second, longer version'));
    const second = await request(`${gateway.url}${address}`);
    expect(second.status).toBe(200);
    expect(second.text()).toBe('the second, longer version');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const part = await request(`${gateway.url}${address}`, { headers: { Range: 'bytes=4-9' } });
    expect(part.text()).toBe('second');
    await store.delete(key);
    const gone = await request(`${gateway.url}${address}`);
    expect(gone.status).toBe(404);
    expect(gone.json()).toEqual({ message: 'File not found' });
  });

  it('sends a file over the limit from disk, ranges and all', async () => {
    const key = 'course-media/large.mp4';
    const large = Buffer.from(Array.from({ length: MAX_HELD_MEDIA_BYTES + 4096 }, (_, i) => i % 253));
    await store.put(key, large);
    const address = await signed(key);
    const part = await request(`${gateway.url}${address}`, { headers: { Range: 'bytes=1048000-1049999' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1048000-1049999/${large.length}`);
    expect(part.body.equals(large.subarray(1048000, 1050000))).toBe(true);
    const whole = await request(`${gateway.url}${address}`);
    expect(whole.body.equals(large)).toBe(true);
  });

  it('leaves If-Range to send: the range for the current validator, the whole file for another', async () => {
    const address = await signed();
    const { headers } = await request(`${gateway.url}${address}`);
    const current = await request(`${gateway.url}${address}`, {
      headers: { Range: 'bytes=0-9', 'If-Range': headers.etag! },
    });
    expect(current.status).toBe(206);
    expect(current.body.equals(CLIP.subarray(0, 10))).toBe(true);
    const stale = await request(`${gateway.url}${address}`, {
      headers: { Range: 'bytes=0-9', 'If-Range': '"another"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(CLIP)).toBe(true);
  });
});
