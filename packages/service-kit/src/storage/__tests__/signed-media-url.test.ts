/**
 * Signed same-origin media addresses (docs/decisions.md, 52): what one signs, only that verifies, and only
 * until it expires; no field can be changed, no other secret verifies it, and no key leaves the folder.
 * The local store hands them out from `presignGet` when asked to, and its files live at `objectFilePath`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { contentDisposition } from '../../http/serve-object.js';
import {
  LocalObjectStore,
  SIGNED_MEDIA_PATH,
  createObjectStore,
  objectFilePath,
  signMediaUrl,
  verifyMediaUrl,
} from '../index.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const NOW = new Date('2031-03-04T05:06:07.000Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const KEY = 'course-media/lesson 1/intro film.mp4';

const sign = (key = KEY, options: Partial<Parameters<typeof signMediaUrl>[2]> = {}) =>
  signMediaUrl(key, SECRET, {
    contentType: 'video/mp4',
    contentDisposition: 'inline',
    expiresInSeconds: 300,
    now: NOW,
    ...options,
  });

/** Splits a signed address as the gateway reads its request line. */
function parts(address: string): { pathname: string; query: URLSearchParams } {
  const url = new URL(address, 'http://site.test');
  return { pathname: url.pathname, query: url.searchParams };
}

function verify(address: string, options: { secret?: string; now?: Date } = {}) {
  const { pathname, query } = parts(address);
  return verifyMediaUrl(pathname, query, options.secret ?? SECRET, { now: options.now ?? NOW });
}

function withQuery(address: string, name: string, value: string): string {
  const url = new URL(address, 'http://site.test');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

describe('signed media addresses', () => {
  it('verifies what was signed: key, type, disposition and expiry', () => {
    const address = sign(KEY, {
      contentType: 'application/pdf',
      contentDisposition: contentDisposition('attachment', 'Menü plan.pdf'),
    });
    expect(address.startsWith(`${SIGNED_MEDIA_PATH}course-media/lesson%201/intro%20film.mp4?`)).toBe(true);
    const { query } = parts(address);
    expect(query.get('exp')).toBe(String(NOW_SECONDS + 300));
    expect(query.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verify(address)).toEqual({
      ok: true,
      media: {
        key: KEY,
        contentType: 'application/pdf',
        contentDisposition: `attachment; filename="Men_ plan.pdf"; filename*=UTF-8''Men%C3%BC%20plan.pdf`,
        expires: NOW_SECONDS + 300,
      },
    });
  });

  it('refuses an address with any field changed', () => {
    const address = sign();
    const { pathname, query } = parts(address);
    const tampered = [
      pathname.replace('intro%20film.mp4', 'other.mp4') + '?' + query.toString(),
      withQuery(address, 'type', 'text/html'),
      withQuery(address, 'disposition', 'attachment'),
      withQuery(address, 'exp', String(NOW_SECONDS + 3600)),
      withQuery(address, 'signature', `${query.get('signature')!.slice(0, -2)}AA`),
      withQuery(address, 'signature', query.get('signature')!.slice(0, -1)),
    ];
    for (const changed of tampered) {
      expect({ changed, check: verify(changed) }).toEqual({
        changed,
        check: { ok: false, reason: 'bad-signature' },
      });
    }
  });

  it('refuses an address that has expired, and one signed under another secret', () => {
    const address = sign();
    expect(verify(address, { now: new Date(NOW.getTime() + 299_000) }).ok).toBe(true);
    expect(verify(address, { now: new Date(NOW.getTime() + 300_000) })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verify(address, { secret: `${SECRET}-rotated` })).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses incomplete, repeated or malformed fields', () => {
    const address = sign();
    const { pathname, query } = parts(address);
    const without = (name: string) => {
      const copy = new URLSearchParams(query);
      copy.delete(name);
      return `${pathname}?${copy.toString()}`;
    };
    const malformed = [
      without('type'),
      without('disposition'),
      without('exp'),
      without('signature'),
      `${address}&type=video%2Fmp4`,
      withQuery(address, 'exp', 'soon'),
      withQuery(address, 'disposition', 'form-data'),
      withQuery(address, 'signature', 'not/base64url'),
      `/api/other/course-media/x.mp4?${query.toString()}`,
    ];
    for (const bad of malformed) {
      expect({ bad, check: verify(bad) }).toEqual({ bad, check: { ok: false, reason: 'malformed' } });
    }
  });

  it('never names a file outside the folder: traversal and absolute keys are neither signed nor accepted', () => {
    for (const key of ['../secrets.txt', 'course-media/../../etc/passwd', '/etc/passwd', 'a//b', 'a\\b']) {
      expect(() => sign(key)).toThrow(/Invalid object key/);
    }
    const { query } = parts(sign());
    for (const encoded of [
      '..%2Fsecrets.txt',
      'course-media/..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      'a/../b',
      '%E0%A4%A',
    ]) {
      // As the request line carries it: no URL parser has resolved the dot segments.
      expect(verifyMediaUrl(`${SIGNED_MEDIA_PATH}${encoded}`, query, SECRET, { now: NOW })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
    expect(() => objectFilePath('/data/objects', '../x')).toThrow(/Invalid object key/);
  });
});

describe('the local store with signed addresses', () => {
  let rootDir: string;

  beforeAll(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'signed-media-'));
  });

  afterAll(async () => {
    await rm(rootDir, { recursive: true, force: true });
  });

  it('presigns nothing unless asked to', async () => {
    const store = createObjectStore({ localDir: rootDir });
    expect(await store.presignGet('course-media/a.mp4', { expiresInSeconds: 300 })).toBeNull();
  });

  it('hands out a signed address for a key whose bytes live at objectFilePath', async () => {
    const store = createObjectStore({ localDir: rootDir, signedUrls: { secret: SECRET } });
    expect(store).toBeInstanceOf(LocalObjectStore);
    await store.put('course-media/lesson.mp4', Buffer.from('moving pictures'), { contentType: 'video/mp4' });
    const address = await store.presignGet('course-media/lesson.mp4', {
      expiresInSeconds: 300,
      contentDisposition: contentDisposition('attachment', 'lesson.mp4'),
    });
    const { pathname, query } = parts(address!);
    const check = verifyMediaUrl(pathname, query, SECRET);
    expect(check).toEqual({
      ok: true,
      media: {
        key: 'course-media/lesson.mp4',
        // The stored type when the caller names none.
        contentType: 'video/mp4',
        contentDisposition: 'attachment; filename="lesson.mp4"',
        expires: expect.any(Number),
      },
    });
    const file = objectFilePath(rootDir, check.ok ? check.media.key : '');
    expect(file).toBe(path.join(rootDir, 'objects', 'course-media', 'lesson.mp4'));
    expect(await readFile(file, 'utf8')).toBe('moving pictures');
  });
});
