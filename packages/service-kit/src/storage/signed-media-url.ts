/**
 * Signed same-origin media addresses (docs/decisions.md, 52): what a presigned S3 URL is for the local
 * store. A service that has checked the caller's access answers a 302 to `/api/media/<key>?type=…&
 * disposition=…&exp=…&signature=…`; the gateway checks the signature and sends the file itself, with no
 * service or database asked per range.
 *
 * The signature is the base64url HMAC-SHA256 of the canonical JSON `["v1", key, type, disposition, exp]`
 * under a key derived from INTERNAL_TOKEN_SECRET with HKDF (info `signed-media-url`), so it can never be
 * confused with an internal token. Each field is signed: the content type and disposition cannot be
 * swapped (no file can be turned into an HTML page), nor the expiry moved. Checked in constant time, on
 * real time on both sides, as internal tokens are.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { assertValidObjectKey } from './local-object-store.js';

/** The gateway's path; the key follows, each segment percent-encoded. */
export const SIGNED_MEDIA_PATH = '/api/media/';

const VERSION = 'v1';
const HKDF_SALT = 'platform/signed-media-url';
const HKDF_INFO = 'signed-media-url';
/** Longest a key, a type or a disposition may be; anything longer is not ours. */
const MAX_FIELD_LENGTH = 2048;

export interface SignMediaUrlOptions {
  /** The `Content-Type` the file is sent with. */
  contentType: string;
  /** The `Content-Disposition` header (the kit's `contentDisposition`): `inline` or `attachment; …`. */
  contentDisposition: string;
  /** Seconds the address is valid. */
  expiresInSeconds: number;
  /** When it is signed (default now). */
  now?: Date;
}

/** What a valid signed address says to send. */
export interface SignedMedia {
  key: string;
  contentType: string;
  contentDisposition: string;
  /** Unix seconds. */
  expires: number;
}

export type SignedMediaRefusal = 'malformed' | 'expired' | 'bad-signature';

export type SignedMediaCheck = { ok: true; media: SignedMedia } | { ok: false; reason: SignedMediaRefusal };

const derivedKeys = new Map<string, Buffer>();

function signingKey(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
    derivedKeys.set(secret, key);
  }
  return key;
}

function signatureOf(media: SignedMedia, secret: string): Buffer {
  const canonical = JSON.stringify([
    VERSION,
    media.key,
    media.contentType,
    media.contentDisposition,
    media.expires,
  ]);
  return createHmac('sha256', signingKey(secret)).update(canonical).digest();
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

const isDisposition = (value: string) => /^(inline|attachment)(;|$)/.test(value);

/** `/api/media/<key>?type=…&disposition=…&exp=…&signature=…`, relative to the site. */
export function signMediaUrl(key: string, secret: string, options: SignMediaUrlOptions): string {
  assertValidObjectKey(key);
  if (!isDisposition(options.contentDisposition)) {
    throw new Error(`Invalid content disposition ${JSON.stringify(options.contentDisposition)}`);
  }
  const nowSeconds = Math.floor((options.now?.getTime() ?? Date.now()) / 1000);
  const media: SignedMedia = {
    key,
    contentType: options.contentType,
    contentDisposition: options.contentDisposition,
    expires: nowSeconds + Math.max(1, Math.floor(options.expiresInSeconds)),
  };
  const query = new URLSearchParams({
    type: media.contentType,
    disposition: media.contentDisposition,
    exp: String(media.expires),
    signature: signatureOf(media, secret).toString('base64url'),
  });
  return `${SIGNED_MEDIA_PATH}${encodeKey(key)}?${query.toString()}`;
}

/** The object key a path under SIGNED_MEDIA_PATH names, or null when it names none (or nothing valid). */
function keyOfPath(pathname: string): string | null {
  if (!pathname.startsWith(SIGNED_MEDIA_PATH)) return null;
  let key: string;
  try {
    key = pathname.slice(SIGNED_MEDIA_PATH.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  try {
    assertValidObjectKey(key);
  } catch {
    return null;
  }
  return key;
}

function field(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  return values.length === 1 && values[0]!.length <= MAX_FIELD_LENGTH ? values[0]! : null;
}

/**
 * Checks a signed address (`pathname` still percent-encoded, as the request line carries it): the media it
 * names, or why it is refused. Every field is signed; the signature is compared in constant time.
 */
export function verifyMediaUrl(
  pathname: string,
  query: URLSearchParams,
  secret: string,
  options: { now?: Date } = {},
): SignedMediaCheck {
  const key = keyOfPath(pathname);
  const contentType = field(query, 'type');
  const contentDisposition = field(query, 'disposition');
  const exp = field(query, 'exp');
  const signature = field(query, 'signature');
  if (
    key === null ||
    key.length > MAX_FIELD_LENGTH ||
    !contentType ||
    !contentDisposition ||
    !isDisposition(contentDisposition) ||
    !exp ||
    !/^\d{1,12}$/.test(exp) ||
    !signature ||
    !/^[A-Za-z0-9_-]+$/.test(signature)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const media: SignedMedia = { key, contentType, contentDisposition, expires: Number(exp) };
  const expected = signatureOf(media, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  const nowSeconds = Math.floor((options.now?.getTime() ?? Date.now()) / 1000);
  if (nowSeconds >= media.expires) return { ok: false, reason: 'expired' };
  return { ok: true, media };
}
