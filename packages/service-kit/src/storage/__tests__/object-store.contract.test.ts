/** One contract for every ObjectStore adapter, run against a temp folder and against s3rver. */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LocalObjectStore,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  S3ObjectStore,
  createObjectStore,
  type ObjectStore,
  type S3ObjectStoreOptions,
} from '../index.js';
import { testObjectStoreAdapters, type TestObjectStore } from '../../testing/object-stores.js';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-server.js';

const MIB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Deterministic pseudo-random bytes, produced 64 KiB at a time so nothing holds the whole object. */
function* generatedChunks(size: number, seed: number): Generator<Buffer> {
  let state = seed >>> 0 || 1;
  for (let offset = 0; offset < size; offset += 64 * 1024) {
    const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, size - offset));
    for (let i = 0; i < chunk.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      chunk[i] = state & 0xff;
    }
    yield chunk;
  }
}

function sha256Of(chunks: Iterable<Buffer>): string {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

/** A client upload that breaks off after `bytesBeforeFailure` bytes. */
function failingStream(bytesBeforeFailure: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytesBeforeFailure) {
        this.destroy(new Error('client went away'));
        return;
      }
      const length = Math.min(64 * 1024, bytesBeforeFailure - sent);
      sent += length;
      this.push(Buffer.alloc(length, 7));
    },
  });
}

const adapters = testObjectStoreAdapters({
  names: { local: 'LocalObjectStore', s3: 'S3ObjectStore' },
  folderPrefix: 'kit-objects-',
  // The smallest part size S3 allows, so the multi-MB cases go through several parts.
  s3Options: { partSize: 5 * MIB },
});

describe.each(adapters)('$name (object store contract)', ({ create }) => {
  let harness: TestObjectStore;
  let store: ObjectStore;
  const prefix = `consultations/${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    harness = await create();
    store = harness.store;
  });
  afterAll(async () => {
    await harness?.cleanup();
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('stores a Buffer and gives the same bytes, type and metadata back', async () => {
    const key = `${prefix}/menu.pdf`;
    const content = Buffer.from('%PDF-1.7 the spring menu');
    const put = await store.put(key, content, { contentType: 'application/pdf' });
    expect(put).toMatchObject({ key, size: content.length, contentType: 'application/pdf' });
    expect(put.etag).not.toBe('');
    expect(put.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(put.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    const got = await store.get(key);
    expect(await readAll(got.body)).toEqual(content);
    expect(got.range).toBeUndefined();
    expect(got.info).toMatchObject({
      key,
      size: content.length,
      contentType: 'application/pdf',
      etag: put.etag,
    });
  });

  it('stores a stream of several chunks without being told its size', async () => {
    const key = `${prefix}/photo-1.jpg`;
    const chunks = [Buffer.from('first chunk, '), Buffer.from('second chunk, '), Buffer.from('last')];
    const put = await store.put(key, Readable.from(chunks), { contentType: 'image/jpeg' });
    expect(put.size).toBe(Buffer.concat(chunks).length);

    const got = await store.get(key);
    expect((await readAll(got.body)).toString()).toBe('first chunk, second chunk, last');
    expect(got.info.contentType).toBe('image/jpeg');
  });

  it('stores a body of several parts byte for byte, part boundaries falling inside chunks', async () => {
    const key = `${prefix}/walkthrough.mp4`;
    const content = randomBytes(3 * 5 * MIB + 123_457);
    const chunks: Buffer[] = [];
    for (let at = 0; at < content.length; at += 777_777) chunks.push(content.subarray(at, at + 777_777));
    const put = await store.put(key, Readable.from(chunks), { contentType: 'video/mp4' });
    expect(put.size).toBe(content.length);

    const back = await readAll((await store.get(key)).body);
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(back.length).toBe(content.length);
    expect(digest(back)).toBe(digest(content));
  });

  it('stores a stream with a declared size', async () => {
    const key = `${prefix}/sized.txt`;
    const content = Buffer.from('exactly twenty bytes');
    const put = await store.put(key, Readable.from([content]), {
      size: content.length,
      contentType: 'text/plain',
    });
    expect(put.size).toBe(20);
    expect(await readAll((await store.get(key)).body)).toEqual(content);
  });

  it('defaults the content type to application/octet-stream', async () => {
    const key = `${prefix}/untyped.bin`;
    await store.put(key, Buffer.from([1, 2, 3]));
    expect((await store.stat(key))?.contentType).toBe('application/octet-stream');
  });

  it('stores an empty object', async () => {
    const key = `${prefix}/empty.txt`;
    const put = await store.put(key, Buffer.alloc(0), { contentType: 'text/plain' });
    expect(put.size).toBe(0);
    const got = await store.get(key);
    expect((await readAll(got.body)).length).toBe(0);
    expect(got.info.size).toBe(0);
    await expect(store.get(key, { start: 0 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  describe('byte ranges of a 10-byte object', () => {
    const key = `${prefix}/digits.txt`;
    beforeAll(async () => {
      await store.put(key, Buffer.from('0123456789'), { contentType: 'text/plain' });
    });

    async function readRange(start: number, end?: number) {
      const got = await store.get(key, end === undefined ? { start } : { start, end });
      return { text: (await readAll(got.body)).toString(), range: got.range, info: got.info };
    }

    it('reads from a start offset to the end', async () => {
      const { text, range, info } = await readRange(3);
      expect(text).toBe('3456789');
      expect(range).toEqual({ start: 3, end: 9 });
      expect(info).toMatchObject({ size: 10, contentType: 'text/plain' });
    });

    it('reads between a start and an inclusive end', async () => {
      expect(await readRange(2, 5)).toMatchObject({ text: '2345', range: { start: 2, end: 5 } });
    });

    it('reads the whole object when asked for bytes 0 onwards', async () => {
      expect(await readRange(0)).toMatchObject({ text: '0123456789', range: { start: 0, end: 9 } });
    });

    it('reads only the first byte', async () => {
      expect(await readRange(0, 0)).toMatchObject({ text: '0', range: { start: 0, end: 0 } });
    });

    it('reads only the last byte', async () => {
      expect(await readRange(9, 9)).toMatchObject({ text: '9', range: { start: 9, end: 9 } });
      expect(await readRange(9)).toMatchObject({ text: '9', range: { start: 9, end: 9 } });
    });

    it('clamps an end past the size', async () => {
      expect(await readRange(7, 100)).toMatchObject({
        text: '789',
        range: { start: 7, end: 9 },
        info: { size: 10 },
      });
    });

    it('refuses a start at or past the size with the object size', async () => {
      for (const range of [{ start: 10 }, { start: 50, end: 60 }]) {
        const error = await store.get(key, range).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RangeNotSatisfiableError);
        expect((error as RangeNotSatisfiableError).size).toBe(10);
      }
    });

    it('refuses an end before the start', async () => {
      await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });
  });

  it('lists every stored key, nested ones included, and no longer a deleted one', async () => {
    const keys = [`${prefix}/list/a.txt`, `${prefix}/list/deeper/b.txt`];
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.delete(`${prefix}/list/a.txt`);
    const listed: string[] = [];
    for await (const key of store.list()) listed.push(key);
    expect(listed).toContain(`${prefix}/list/deeper/b.txt`);
    expect(listed).not.toContain(`${prefix}/list/a.txt`);
    expect(listed.every((key) => !key.startsWith('meta/') && !key.startsWith('tmp/'))).toBe(true);
  });

  it('stats an object, and answers null for a missing one', async () => {
    const key = `${prefix}/stat.txt`;
    const put = await store.put(key, Buffer.from('hello'), { contentType: 'text/plain' });
    const info = await store.stat(key);
    expect(info).toMatchObject({ key, size: 5, contentType: 'text/plain', etag: put.etag });
    expect(info?.lastModified.getTime()).toBeGreaterThan(0);
    expect(await store.stat(`${prefix}/never-written.txt`)).toBeNull();
  });

  it('throws ObjectNotFoundError for a missing object, with or without a range', async () => {
    const key = `${prefix}/missing.jpg`;
    const error = await store.get(key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as ObjectNotFoundError).key).toBe(key);
    await expect(store.get(key, { start: 2, end: 4 })).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes an object, and deleting a missing one is fine', async () => {
    const key = `${prefix}/to-delete.txt`;
    await store.put(key, Buffer.from('bye'));
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(`${prefix}/never/existed.txt`)).resolves.toBeUndefined();
  });

  it('replaces an object on a second put', async () => {
    const key = `${prefix}/replaced.txt`;
    const first = await store.put(key, Buffer.from('version one'), { contentType: 'text/plain' });
    const second = await store.put(key, Buffer.from('version 2'), { contentType: 'text/markdown' });
    expect(second.etag).not.toBe(first.etag);
    const got = await store.get(key);
    expect((await readAll(got.body)).toString()).toBe('version 2');
    expect(got.info).toMatchObject({ size: 9, contentType: 'text/markdown', etag: second.etag });
  });

  it.each([
    ['within the first part', 200 * 1024],
    // Past two parts, so the S3 adapter has started a multipart upload and must abort it.
    ['after several parts', 12 * MIB],
  ])('leaves no object when the source stream fails %s', async (_when, bytesBeforeFailure) => {
    const key = `${prefix}/broken-${bytesBeforeFailure}.mp4`;
    await expect(
      store.put(key, failingStream(bytesBeforeFailure), { contentType: 'video/mp4' }),
    ).rejects.toThrow('client went away');
    expect(await store.stat(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('keeps the previous object when a replacing upload fails', async () => {
    const key = `${prefix}/kept.txt`;
    const previous = await store.put(key, Buffer.from('the good version'), { contentType: 'text/plain' });
    await expect(store.put(key, failingStream(100 * 1024))).rejects.toThrow('client went away');
    const got = await store.get(key);
    expect((await readAll(got.body)).toString()).toBe('the good version');
    expect(got.info.etag).toBe(previous.etag);
  });

  it('refuses a body that does not match the declared size, and stores nothing', async () => {
    const key = `${prefix}/short.bin`;
    await expect(store.put(key, Readable.from([Buffer.alloc(10)]), { size: 11 })).rejects.toThrow(
      /declared size/,
    );
    await expect(store.put(key, Buffer.alloc(12), { size: 11 })).rejects.toThrow(/declared size/);
    expect(await store.stat(key)).toBeNull();
  });

  it('stores a file from disk, leaves the file as it was, and keeps the object once the file is gone', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'kit-put-file-'));
    try {
      const file = path.join(folder, 'upload.bin');
      const bytes = Buffer.concat([...generatedChunks(6 * MIB + 17, 11)]);
      await writeFile(file, bytes);
      const key = `${prefix}/from-disk.bin`;
      const put = await store.putFile(key, file, { contentType: 'video/mp4', size: bytes.length });
      expect(put).toMatchObject({ key, size: bytes.length, contentType: 'video/mp4' });
      expect(put.etag).not.toBe('');
      expect((await readFile(file)).equals(bytes)).toBe(true);

      // The uploads kit removes its file once finished: the stored object must not go with it.
      await rm(file);
      const got = await store.get(key);
      expect(got.info).toMatchObject({ size: bytes.length, contentType: 'video/mp4', etag: put.etag });
      expect(sha256Of([await readAll(got.body)])).toBe(sha256Of([bytes]));

      // A second file under the same key replaces the object, with a new tag.
      await writeFile(file, 'second version');
      const second = await store.putFile(key, file);
      expect(second).toMatchObject({ size: 14, contentType: 'application/octet-stream' });
      expect(second.etag).not.toBe(put.etag);
      expect((await readAll((await store.get(key)).body)).toString()).toBe('second version');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a file that does not match the declared size, and stores nothing', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'kit-put-file-'));
    try {
      const file = path.join(folder, 'short.bin');
      await writeFile(file, Buffer.alloc(10));
      const key = `${prefix}/short-file.bin`;
      await expect(store.putFile(key, file, { size: 11 })).rejects.toThrow(/declared size/);
      expect(await store.stat(key)).toBeNull();
      expect((await stat(file)).size).toBe(10);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a body longer than its declared size as soon as it overflows, even if it never ends', async () => {
    const key = `${prefix}/overflowing.bin`;
    let sent = 0;
    // Sends 12 MiB, then stalls like a client that keeps the connection open.
    const stalled = new Readable({
      read() {
        if (sent < 12 * MIB) {
          sent += 64 * 1024;
          this.push(Buffer.alloc(64 * 1024, 1));
        }
      },
    });
    await expect(store.put(key, stalled, { size: 6 * MIB })).rejects.toThrow(/declared size/);
    expect(stalled.destroyed).toBe(true);
    expect(await store.stat(key)).toBeNull();
  }, 15_000);

  it.each([
    ['without a declared size', false],
    ['with a declared size', true],
  ])('streams a multi-megabyte object %s and gives back the same bytes', async (_how, declareSize) => {
    const size = 8 * MIB + 12_345;
    const seed = declareSize ? 42 : 7;
    const key = `${prefix}/video-${seed}.mp4`;
    const expected = sha256Of(generatedChunks(size, seed));

    const put = await store.put(key, Readable.from(generatedChunks(size, seed)), {
      contentType: 'video/mp4',
      ...(declareSize && { size }),
    });
    expect(put.size).toBe(size);

    const got = await store.get(key);
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of got.body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      received += chunk.length;
    }
    expect(received).toBe(size);
    expect(hash.digest('hex')).toBe(expected);
    expect(got.info).toMatchObject({ size, contentType: 'video/mp4' });

    // A range across the 5 MiB part boundary comes back byte for byte.
    const whole = Buffer.concat([...generatedChunks(size, seed)]);
    const ranged = await store.get(key, { start: 5 * MIB - 10, end: 5 * MIB + 9 });
    expect(await readAll(ranged.body)).toEqual(whole.subarray(5 * MIB - 10, 5 * MIB + 10));
  });
});

describe('LocalObjectStore specifics', () => {
  let dir: string;
  let store: LocalObjectStore;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kit-local-'));
    store = new LocalObjectStore({ rootDir: path.join(dir, 'root') });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('cannot presign, so presignGet answers null', async () => {
    await store.put('a/b.txt', Buffer.from('x'));
    expect(await store.presignGet('a/b.txt', { expiresInSeconds: 60 })).toBeNull();
  });

  it.each(['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a\0b', 'a//b', './a', 'a/', ''])(
    'refuses the key %j for every operation',
    async (key) => {
      await expect(store.put(key, Buffer.from('nope'))).rejects.toThrow(/Invalid object key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid object key/);
      await expect(store.stat(key)).rejects.toThrow(/Invalid object key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid object key/);
    },
  );

  it('writes nothing outside its folder for a key that tries to climb out', async () => {
    await expect(store.put('../escaped.txt', Buffer.from('nope'))).rejects.toThrow(/Invalid object key/);
    await expect(access(path.join(dir, 'escaped.txt'))).rejects.toThrow();
    await expect(access(path.join(dir, 'root', 'escaped.txt'))).rejects.toThrow();
  });

  it('accepts dots inside a file name', async () => {
    await store.put('menus/menu..v2.pdf', Buffer.from('ok'));
    expect((await store.stat('menus/menu..v2.pdf'))?.size).toBe(2);
  });

  it('links a file on the same file system into place instead of copying its bytes', async () => {
    const file = path.join(dir, 'finished-upload.bin');
    await writeFile(file, Buffer.alloc(64 * 1024, 3));
    await store.putFile('videos/linked.bin', file);
    const stored = await stat(path.join(dir, 'root', 'objects', 'videos', 'linked.bin'));
    expect(stored.ino).toBe((await stat(file)).ino);
    expect(stored.nlink).toBe(2);
    expect(await readdir(path.join(dir, 'root', 'tmp'))).toEqual([]);
  });

  it('refuses an invalid key for a file too, and writes nothing', async () => {
    const file = path.join(dir, 'some-file.bin');
    await writeFile(file, 'x');
    await expect(store.putFile('../climbed.bin', file)).rejects.toThrow(/Invalid object key/);
    await expect(access(path.join(dir, 'climbed.bin'))).rejects.toThrow();
  });

  it('leaves no temporary file behind when an upload fails', async () => {
    await expect(store.put('broken.bin', failingStream(300 * 1024))).rejects.toThrow('client went away');
    expect(await readdir(path.join(dir, 'root', 'tmp'))).toEqual([]);
  });

  it('creates a missing folder on ping', async () => {
    const nested = path.join(dir, 'not', 'yet', 'there');
    await new LocalObjectStore({ rootDir: nested }).ping();
    await expect(access(nested)).resolves.toBeUndefined();
  });

  it('fails ping when the folder cannot be created', async () => {
    await store.put('plain-file', Buffer.from('x'));
    const underAFile = new LocalObjectStore({
      rootDir: path.join(dir, 'root', 'objects', 'plain-file', 'sub'),
    });
    await expect(underAFile.ping()).rejects.toThrow();
  });
});

describe('S3ObjectStore specifics', () => {
  let server: S3TestServer;
  let options: S3ObjectStoreOptions;
  let store: S3ObjectStore;
  beforeAll(async () => {
    server = await startS3TestServer();
    options = { ...server, useSSL: false, pathStyle: true };
    store = new S3ObjectStore(options);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('presigns a URL that a plain fetch downloads', async () => {
    await store.put('docs/menu.pdf', Buffer.from('%PDF menu'), { contentType: 'application/pdf' });
    const url = await store.presignGet('docs/menu.pdf', { expiresInSeconds: 300 });
    expect(url).toMatch(/X-Amz-Signature=/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('%PDF menu');
  });

  it('presigns a download with the given content disposition and type', async () => {
    // s3rver honours response-content-disposition and response-content-type on signed GETs, as S3 does.
    await store.put('docs/invoice.bin', Buffer.from('invoice'), { contentType: 'application/octet-stream' });
    const url = await store.presignGet('docs/invoice.bin', {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="invoice-42.pdf"',
      contentType: 'application/pdf',
    });
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invoice-42.pdf"');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('invoice');
  });

  it('signs presigned URLs for the public address when the store is reached at another one', async () => {
    // Inside Docker the services reach `minio:9000`; browsers reach `localhost:9000`. Here: 127.0.0.1
    // for the service, `localhost` for the browser, the same server.
    expect(server.endPoint).toBe('127.0.0.1');
    const behindDocker = new S3ObjectStore({
      ...options,
      publicEndpoint: { endPoint: 'localhost', port: server.port, useSSL: false },
    });
    await behindDocker.put('docs/public.txt', Buffer.from('for the browser'));
    const url = new URL((await behindDocker.presignGet('docs/public.txt', { expiresInSeconds: 60 }))!);
    expect(url.host).toBe(`localhost:${server.port}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('for the browser');
  });

  it('refuses to presign for longer than S3 allows', async () => {
    await expect(store.presignGet('docs/menu.pdf', { expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(
      RangeError,
    );
  });

  it('creates a missing bucket on ping', async () => {
    const bucket = `fresh-${randomBytes(3).toString('hex')}`;
    const fresh = new S3ObjectStore({ ...options, bucket });
    expect(await fresh.stat('a.txt')).toBeNull();
    await fresh.ping();
    await fresh.put('a.txt', Buffer.from('in the new bucket'));
    expect((await fresh.stat('a.txt'))?.size).toBe(17);
  });

  it('creates a missing bucket on the first upload', async () => {
    const fresh = new S3ObjectStore({ ...options, bucket: `lazy-${randomBytes(3).toString('hex')}` });
    await fresh.put('b.txt', Buffer.from('lazy'));
    expect(await readAll((await fresh.get('b.txt')).body)).toEqual(Buffer.from('lazy'));
  });

  it('lets several services create the same missing bucket at once', async () => {
    // Each store's existence check runs before any creation, so all but one creation are refused
    // by the server; the stores must still come up (the distributed mode starts six at once).
    const bucket = `shared-${randomBytes(3).toString('hex')}`;
    const services = Array.from({ length: 6 }, () => new S3ObjectStore({ ...options, bucket }));
    await Promise.all(services.map((service) => service.ping()));
    await Promise.all(
      services.map((service, index) => service.put(`s${index}.txt`, Buffer.from(`${index}`))),
    );
    expect((await services[0]!.stat('s5.txt'))?.size).toBe(1);
  });

  it('fails ping when the server cannot be reached', async () => {
    const unreachable = new S3ObjectStore({ ...options, port: 1 });
    await expect(unreachable.ping()).rejects.toThrow();
  });

  it('builds its options from an endpoint URL', async () => {
    const fromUrl = S3ObjectStore.fromEndpoint({
      endpoint: `http://127.0.0.1:${server.port}`,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      bucket: server.bucket,
    });
    await fromUrl.put('via-url.txt', Buffer.from('same server'));
    expect((await store.stat('via-url.txt'))?.size).toBe(11);
  });
});

describe('createObjectStore', () => {
  it('chooses S3 when an S3 endpoint is configured, the local folder otherwise', () => {
    const s3 = {
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      accessKey: 'k',
      secretKey: 's',
      bucket: 'b',
    };
    expect(createObjectStore({ s3, localDir: '/tmp/unused' }).kind).toBe('s3');
    expect(createObjectStore({ localDir: path.join(tmpdir(), 'unused') }).kind).toBe('local');
  });
});
