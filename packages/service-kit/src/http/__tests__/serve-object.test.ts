/** serveObject against both object stores: ranges, validators, conditional requests, HEAD, headers. */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { pino } from 'pino';
import type { ObjectInfo, ObjectStore } from '../../storage/index.js';
import { testObjectStoreAdapters, type TestObjectStore } from '../../testing/object-stores.js';
import { waitFor } from '../../testing/system.js';
import { errorMiddleware } from '../app.js';
import { logRequests } from '../request-log.js';
import {
  contentDisposition,
  contentTypeForFileName,
  parseRangeHeader,
  serveObject,
} from '../serve-object.js';
import { listen, type RunningServer } from '../server.js';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=990-', 1000, { start: 990, end: 999 }],
    ['bytes=-10', 1000, { start: 990, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['BYTES = 1-1', 1000, { start: 1, end: 1 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=1000-2000', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=-1', 0, 'unsatisfiable'],
    ['bytes=5-2', 1000, null],
    ['bytes=0-1,5-6', 1000, null],
    ['bytes=-', 1000, null],
    ['bytes=a-b', 1000, null],
    ['items=0-1', 1000, null],
    ['', 1000, null],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });
});

describe('contentDisposition and contentTypeForFileName', () => {
  it('quotes plain names and adds an RFC 8187 name for the others', () => {
    expect(contentDisposition('inline')).toBe('inline');
    expect(contentDisposition('attachment', 'menu.pdf')).toBe('attachment; filename="menu.pdf"');
    expect(contentDisposition('attachment', 'carte "été".pdf')).toBe(
      `attachment; filename="carte __t__.pdf"; filename*=UTF-8''carte%20%22%C3%A9t%C3%A9%22.pdf`,
    );
  });

  it('knows media and document types by extension, whatever the case', () => {
    expect(contentTypeForFileName('intro.MP4')).toBe('video/mp4');
    expect(contentTypeForFileName('workbook.pdf')).toBe('application/pdf');
    expect(contentTypeForFileName('plan.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeForFileName('README')).toBeUndefined();
    expect(contentTypeForFileName('archive.exe')).toBeUndefined();
  });
});

const adapters = testObjectStoreAdapters({
  names: { local: 'local folder', s3: 'S3 (s3rver)' },
  folderPrefix: 'serve-object-',
});

describe.each(adapters)('serveObject over $name', ({ create }) => {
  let harness: TestObjectStore;
  let server: RunningServer;
  let base: string;
  const logLines: string[] = [];
  const video = randomBytes(300 * 1024);
  const pdf = Buffer.from('%PDF-1.4\n% a tiny workbook\n%%EOF\n');
  let videoInfo: ObjectInfo;
  /** A stale lookup handed to the route, as if the object had been replaced since. */
  let staleInfo: ObjectInfo | undefined;
  /** Holds the gated route's store until the test opens it; tells the test when the client left. */
  let gate = { opened: Promise.resolve(), clientGone: () => {} };

  beforeAll(async () => {
    harness = await create();
    const { store } = harness;
    videoInfo = await store.put('media/clip.mp4', video, { contentType: 'video/mp4' });
    await store.put('media/workbook.pdf', pdf, { contentType: 'application/pdf' });
    await store.put('media/big.bin', randomBytes(4 * 1024 * 1024), {
      contentType: 'application/octet-stream',
    });

    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _encoding, callback) {
          logLines.push(String(chunk));
          callback();
        },
      }),
    );
    const app = express();
    app.use(logRequests({ logger, level: 'debug', requestId: () => 'r-1', ignore: () => true }));
    app.get('/video/:name', async (req, res) => {
      await serveObject(req, res, {
        store,
        key: `media/${req.params.name}`,
        contentType: contentTypeForFileName(req.params.name),
        cacheControl: 'public, max-age=3600',
        info: staleInfo,
      });
    });
    app.get('/doc/:name', async (req, res) => {
      await serveObject(req, res, {
        store,
        key: `media/${req.params.name}`,
        disposition: 'attachment',
        filename: req.params.name,
        notFoundMessage: 'No such document',
      });
    });
    // The store opens the object only when the test lets it, as a slow store would (the same real store).
    app.get('/gated/:name', async (req, res) => {
      const gatedStore: ObjectStore = {
        ...store,
        kind: store.kind,
        stat: (key) => store.stat(key),
        get: async (key, range) => {
          await gate.opened;
          return store.get(key, range);
        },
      };
      req.once('close', () => gate.clientGone());
      await serveObject(req, res, { store: gatedStore, key: `media/${req.params.name}` });
    });
    app.use(errorMiddleware);
    server = await listen(app, 0, '127.0.0.1');
    base = server.url;
  });

  afterAll(async () => {
    await server?.close(1000);
    await harness?.cleanup();
  });

  const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${base}${pathname}`, { method, headers });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
  /** Compared by digest: jest's deep equality over hundreds of KB takes most of a second. */
  const digestOf = async (response: Response | Buffer) =>
    createHash('sha256')
      .update(Buffer.isBuffer(response) ? response : await bytesOf(response))
      .digest('hex');

  it('sends the whole object with its validators and safe headers', async () => {
    const response = await get('/video/clip.mp4');
    expect(response.status).toBe(200);
    expect(await digestOf(response)).toBe(await digestOf(video));
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${videoInfo.etag}"`);
    expect(response.headers.get('last-modified')).toBe(videoInfo.lastModified.toUTCString());
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers HEAD with the headers of a full GET and no body, ignoring Range', async () => {
    const response = await get('/video/clip.mp4', { range: 'bytes=0-9' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('etag')).toBe(`"${videoInfo.etag}"`);
    expect(response.headers.get('content-range')).toBeNull();
    expect((await bytesOf(response)).length).toBe(0);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, 300 * 1024 - 1],
    ['bytes=-500', 300 * 1024 - 500, 300 * 1024 - 1],
    ['bytes=-999999', 0, 300 * 1024 - 1],
    ['bytes=307000-999999', 307000, 300 * 1024 - 1],
    ['bytes=5-5', 5, 5],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await get('/video/clip.mp4', { range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(await digestOf(response)).toBe(await digestOf(video.subarray(start, end + 1)));
  });

  it.each(['bytes=307200-', 'bytes=400000-500000', 'bytes=-0'])(
    'answers %s with 416 and the size',
    async (range) => {
      const response = await get('/video/clip.mp4', { range });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
      expect(await response.json()).toEqual({ message: 'Range not satisfiable' });
    },
  );

  it.each(['bytes=9-2', 'bytes=0-1,10-20', 'pages=1-2', 'bytes=x-'])(
    'ignores %s and sends the whole object',
    async (range) => {
      const response = await get('/video/clip.mp4', { range });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(await digestOf(response)).toBe(await digestOf(video));
    },
  );

  it('answers 304 to a matching If-None-Match (also weak or star) and 200 to another', async () => {
    for (const tag of [`"${videoInfo.etag}"`, `W/"${videoInfo.etag}"`, `"other", "${videoInfo.etag}"`, '*']) {
      const response = await get('/video/clip.mp4', { 'if-none-match': tag });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(`"${videoInfo.etag}"`);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect((await bytesOf(response)).length).toBe(0);
    }
    const other = await get('/video/clip.mp4', { 'if-none-match': '"not-it"' });
    expect(other.status).toBe(200);
    expect(await digestOf(other)).toBe(await digestOf(video));
  });

  it('answers If-Modified-Since by the modification time, unless If-None-Match is there', async () => {
    const lastModified = videoInfo.lastModified.toUTCString();
    expect((await get('/video/clip.mp4', { 'if-modified-since': lastModified })).status).toBe(304);
    const later = new Date(videoInfo.lastModified.getTime() + 60_000).toUTCString();
    expect((await get('/video/clip.mp4', { 'if-modified-since': later })).status).toBe(304);
    const earlier = new Date(videoInfo.lastModified.getTime() - 60_000).toUTCString();
    expect((await get('/video/clip.mp4', { 'if-modified-since': earlier })).status).toBe(200);
    expect((await get('/video/clip.mp4', { 'if-modified-since': 'not a date' })).status).toBe(200);
    const both = await get('/video/clip.mp4', { 'if-modified-since': later, 'if-none-match': '"stale"' });
    expect(both.status).toBe(200);
  });

  it('applies a range under If-Range only while the validator still matches', async () => {
    const headers = { range: 'bytes=10-19' };
    const sameTag = await get('/video/clip.mp4', { ...headers, 'if-range': `"${videoInfo.etag}"` });
    expect(sameTag.status).toBe(206);
    expect(await digestOf(sameTag)).toBe(await digestOf(video.subarray(10, 20)));

    const sameDate = await get('/video/clip.mp4', {
      ...headers,
      'if-range': videoInfo.lastModified.toUTCString(),
    });
    expect(sameDate.status).toBe(206);

    for (const stale of [
      '"an-older-version"',
      `W/"${videoInfo.etag}"`,
      new Date(videoInfo.lastModified.getTime() - 60_000).toUTCString(),
    ]) {
      const response = await get('/video/clip.mp4', { ...headers, 'if-range': stale });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(await digestOf(response)).toBe(await digestOf(video));
    }
  });

  it('answers 412 when If-Match or If-Unmodified-Since fails', async () => {
    expect((await get('/video/clip.mp4', { 'if-match': '"other"' })).status).toBe(412);
    expect((await get('/video/clip.mp4', { 'if-match': `"${videoInfo.etag}"` })).status).toBe(200);
    const earlier = new Date(videoInfo.lastModified.getTime() - 60_000).toUTCString();
    expect((await get('/video/clip.mp4', { 'if-unmodified-since': earlier })).status).toBe(412);
  });

  it('sends documents as attachments with their file name', async () => {
    const response = await get('/doc/workbook.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="workbook.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(await digestOf(response)).toBe(await digestOf(pdf));
  });

  it('answers 404 with a JSON message for a missing object', async () => {
    const response = await get('/doc/nothing-here.pdf');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such document' });
  });

  it('serves the object as it is now when it was replaced after the caller looked it up', async () => {
    const { store } = harness;
    staleInfo = await store.put('media/race.mp4', Buffer.from('version 1'), { contentType: 'video/mp4' });
    const current = randomBytes(2000);
    const currentInfo = await store.put('media/race.mp4', current, { contentType: 'video/mp4' });
    try {
      const response = await get('/video/race.mp4', { range: 'bytes=2-5' });
      expect(response.status).toBe(206);
      expect(response.headers.get('etag')).toBe(`"${currentInfo.etag}"`);
      expect(response.headers.get('content-range')).toBe('bytes 2-5/2000');
      expect(await digestOf(response)).toBe(await digestOf(current.subarray(2, 6)));
    } finally {
      staleInfo = undefined;
    }
  });

  it('survives a client that hangs up mid-download and keeps serving', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/doc/big.bin`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
    });
    const response = await get('/video/clip.mp4', { range: 'bytes=0-0' });
    expect(response.status).toBe(206);
    expect(await digestOf(response)).toBe(await digestOf(video.subarray(0, 1)));
    await waitFor(
      async () => logLines.join(''),
      (text) => text.includes('client closed the connection during a download'),
      'the departure to be logged',
    );
    expect(logLines.join('')).not.toContain('reading an object failed');
  });

  it('logs a client that leaves while the store opens the object as a departure, not a store failure', async () => {
    let open!: () => void;
    let clientGone!: () => void;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    gate = { opened: new Promise<void>((resolve) => (open = resolve)), clientGone };
    const request = http.get(`${base}/gated/big.bin`);
    request.on('error', () => {});
    request.once('socket', (socket) => socket.once('connect', () => setImmediate(() => request.destroy())));
    await gone;
    open();
    await waitFor(
      async () => logLines.join(''),
      (text) => text.includes('client closed the connection before the download started'),
      'the early departure to be logged',
    );
    expect(logLines.join('')).not.toContain('reading an object failed');
    const response = await get('/video/clip.mp4', { range: 'bytes=0-0' });
    expect(response.status).toBe(206);
  });
});
