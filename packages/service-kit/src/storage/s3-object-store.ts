/**
 * Object store over any S3-compatible server (AWS S3, MinIO, s3rver in tests) through the `minio` client.
 *
 * Uploads: the body is cut into parts of `partSize` bytes (8 MiB by default), copied into two part
 * buffers used in turn, so memory stays bounded at two parts per upload whatever the object size. A body that fits in one part goes up in a
 * single PUT; a larger one goes up as a multipart upload driven here part by part. We do not use
 * `client.putObject` for streams: it reads the whole body into memory when it fits in its 64 MiB part
 * size, and for larger or unknown sizes it first lists in-progress uploads (`GET ?uploads`), which
 * s3rver does not implement. Driving the parts ourselves skips that lookup, so large uploads work
 * against s3rver as well as against S3 and MinIO.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Client, ClientOptions } from 'minio';
import { assertWellFormedRange, clampRange } from './byte-range.js';
import {
  DEFAULT_CONTENT_TYPE,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  type ByteRange,
  type GetResult,
  type ObjectInfo,
  type ObjectStore,
  type PresignOptions,
  type PutOptions,
} from './types.js';

/** The bucket and how to sign in to it, in both forms of the S3 settings. */
export interface S3BucketSettings {
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** Path-style URLs (`host/bucket/key`); needed by MinIO and s3rver behind a plain host name. */
  pathStyle?: boolean;
  /** Bytes buffered per uploaded part; at least 5 MiB (the S3 minimum for every part but the last). */
  partSize?: number;
}

export interface S3ObjectStoreOptions extends S3BucketSettings {
  endPoint: string;
  port: number;
  useSSL: boolean;
  /**
   * The address browsers reach the store at, when it differs from `endPoint` (e.g. `minio:9000` inside
   * Docker, `localhost:9000` outside). Presigned URLs are signed for this host, since the host is part
   * of the signature.
   */
  publicEndpoint?: { endPoint: string; port: number; useSSL: boolean };
}

export interface S3EndpointSettings extends S3BucketSettings {
  /** e.g. `http://minio:9000` or `https://s3.eu-west-3.amazonaws.com` */
  endpoint: string;
}

const MIB = 1024 * 1024;
const MIN_PART_SIZE = 5 * MIB;
const MAX_PART_SIZE = 5 * 1024 * MIB;
const DEFAULT_PART_SIZE = 8 * MIB;
const MAX_PARTS = 10_000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/** Turns the endpoint URL form used in configuration (S3_ENDPOINT) into client options. */
export function buildS3Options(settings: S3EndpointSettings): S3ObjectStoreOptions {
  const url = new URL(settings.endpoint);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3 endpoint must be an http(s) URL, got ${settings.endpoint}`);
  }
  if (url.pathname !== '/' && url.pathname !== '') {
    throw new Error(
      `S3 endpoint must not have a path (the bucket is configured apart): ${settings.endpoint}`,
    );
  }
  const useSSL = url.protocol === 'https:';
  return {
    // URL keeps IPv6 hosts in brackets; the client wants the bare address.
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    bucket: settings.bucket,
    ...(settings.region !== undefined && { region: settings.region }),
    // Virtual-host style only makes sense against AWS itself.
    pathStyle: settings.pathStyle ?? !url.hostname.endsWith('amazonaws.com'),
    ...(settings.partSize !== undefined && { partSize: settings.partSize }),
  };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket';
}

function stripQuotes(etag: string): string {
  return etag.replace(/^(W\/)?"(.*)"$/, '$1$2');
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Re-cuts a byte stream into parts of exactly `partSize` bytes (the last one may be shorter). Full parts
 * are copied into two buffers used in turn, so a 1 GB body allocates two parts' worth of memory rather
 * than 128 parts left for the garbage collector. A full part yielded here is overwritten two parts
 * later: the consumer must be done with it by then (`putMultipart` finishes uploading a part before it
 * asks for the part after the next). A short last part gets a buffer of its own, so small bodies stay
 * small.
 */
async function* readParts(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  partSize: number,
): AsyncGenerator<Buffer> {
  const partBuffers: Buffer[] = [];
  let turn = 0;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (const chunk of source) {
    let bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : null;
    if (!bytes) throw new TypeError('Object body must be a stream of bytes');
    while (pendingLength + bytes.length >= partSize) {
      const take = partSize - pendingLength;
      pending.push(bytes.subarray(0, take));
      const part = (partBuffers[turn] ??= Buffer.allocUnsafe(partSize));
      let offset = 0;
      for (const piece of pending) offset += piece.copy(part, offset);
      turn = 1 - turn;
      pending = [];
      pendingLength = 0;
      bytes = bytes.subarray(take);
      yield part;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingLength += bytes.length;
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending, pendingLength);
}

/** Passes on the first `count` bytes of `source`, then stops reading it. */
function takeBytes(source: Readable, count: number): Readable {
  async function* limited(): AsyncGenerator<Buffer> {
    let left = count;
    if (left <= 0) {
      source.destroy();
      return;
    }
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (chunk.length >= left) {
        yield chunk.subarray(0, left);
        return; // leaving the loop destroys the source
      }
      left -= chunk.length;
      yield chunk;
    }
  }
  return Readable.from(limited(), { objectMode: false });
}

function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | null {
  const match = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim()) : null;
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly clientOptions: ClientOptions;
  private readonly presignOptions: ClientOptions;
  private clients: Promise<{ client: Client; presignClient: Client }> | null = null;
  private readonly region: string | undefined;
  private readonly partSize: number;
  private bucketReady: Promise<void> | null = null;

  constructor(options: S3ObjectStoreOptions) {
    const partSize = options.partSize ?? DEFAULT_PART_SIZE;
    if (!Number.isSafeInteger(partSize) || partSize < MIN_PART_SIZE || partSize > MAX_PART_SIZE) {
      throw new Error(`partSize must be an integer between ${MIN_PART_SIZE} and ${MAX_PART_SIZE} bytes`);
    }
    this.bucket = options.bucket;
    this.region = options.region;
    this.partSize = partSize;
    const optionsFor = (address: { endPoint: string; port: number; useSSL: boolean }): ClientOptions => ({
      endPoint: address.endPoint,
      port: address.port,
      useSSL: address.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      // Presigning for another host must not ask that host for the bucket's region.
      region: options.region ?? 'us-east-1',
      ...(options.pathStyle !== undefined && { pathStyle: options.pathStyle }),
    });
    this.clientOptions = optionsFor(options);
    this.presignOptions = options.publicEndpoint ? optionsFor(options.publicEndpoint) : this.clientOptions;
  }

  /**
   * The minio clients, made on first use: minio is loaded only by a process that talks to S3 (importing it
   * cost every service and every test file CPU at start, S3 or not).
   */
  private async s3(): Promise<{ client: Client; presignClient: Client }> {
    this.clients ??= import('minio').then(({ Client: MinioClient }) => {
      const client = new MinioClient(this.clientOptions);
      const presignClient =
        this.presignOptions === this.clientOptions ? client : new MinioClient(this.presignOptions);
      return { client, presignClient };
    });
    return this.clients;
  }

  static fromEndpoint(settings: S3EndpointSettings): S3ObjectStore {
    return new S3ObjectStore(buildS3Options(settings));
  }

  /** Creates the bucket when it does not exist yet. */
  async ensureBucket(): Promise<void> {
    const { client } = await this.s3();
    if (await client.bucketExists(this.bucket)) return;
    try {
      await client.makeBucket(this.bucket, this.region ?? '');
    } catch (error) {
      // Another instance of ours (another service on the same bucket) may have created it between
      // the check and the create. Servers word that differently (MinIO: BucketAlreadyOwnedByYou,
      // s3rver: BucketAlreadyExists), so ask again: a bucket we can reach is ready; one another
      // account owns answers 403, which bucketExists throws, and that must fail.
      if (errorCode(error) === 'BucketAlreadyOwnedByYou') return;
      if (!(await client.bucketExists(this.bucket))) throw error;
    }
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    const { client } = await this.s3();
    const contentType = options.contentType ?? DEFAULT_CONTENT_TYPE;
    const declaredSize = options.size;
    if (declaredSize !== undefined && (!Number.isSafeInteger(declaredSize) || declaredSize < 0)) {
      throw new RangeError(`Invalid declared size ${declaredSize}`);
    }
    const parts = readParts(Buffer.isBuffer(body) ? [body] : body, this.partSizeFor(declaredSize));
    try {
      await this.ensureBucketOnce();
      const first = await parts.next();
      const second = first.done ? first : await parts.next();
      if (second.done) {
        const bytes = first.done ? Buffer.alloc(0) : first.value;
        this.assertDeclaredSize(key, bytes.length, declaredSize, true);
        await client.putObject(this.bucket, key, bytes, bytes.length, { 'Content-Type': contentType });
      } else if (!first.done) {
        await this.putMultipart(key, contentType, first.value, second.value, parts, declaredSize);
      }
    } catch (error) {
      // Stop reading the caller's stream; the generator holding it is simply dropped.
      if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      throw error;
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Object ${key} was uploaded but cannot be found`);
    return info;
  }

  async putFile(key: string, filePath: string, options: PutOptions = {}): Promise<ObjectInfo> {
    const { size } = await stat(filePath);
    if (options.size !== undefined && options.size !== size) {
      throw new Error(`File of ${size} bytes does not match the declared size ${options.size} for ${key}`);
    }
    return this.put(key, createReadStream(filePath), { ...options, size });
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    if (range) {
      assertWellFormedRange(range);
      if (range.end !== undefined && range.end < range.start) {
        throw new RangeNotSatisfiableError(await this.sizeOf(key));
      }
    }
    const { client } = await this.s3();
    let body: Readable;
    try {
      body = await client.getPartialObject(
        this.bucket,
        key,
        range?.start ?? 0,
        range?.end !== undefined ? range.end - range.start + 1 : 0,
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      if (errorCode(error) === 'InvalidRange') {
        const reported = Number((error as { actualobjectsize?: unknown }).actualobjectsize);
        throw new RangeNotSatisfiableError(
          Number.isSafeInteger(reported) ? reported : await this.sizeOf(key),
        );
      }
      throw error;
    }

    // minio hands back the HTTP response itself; its headers describe the object and the bytes sent.
    const headers = (body as Readable & { headers?: IncomingHttpHeaders }).headers;
    const contentRange = parseContentRange(firstHeader(headers?.['content-range']));
    const size = contentRange?.size ?? Number(headers?.['content-length']);
    let info: ObjectInfo;
    let sent: { start: number; end: number };
    if (headers && Number.isSafeInteger(size)) {
      info = {
        key,
        size,
        contentType: firstHeader(headers['content-type']) ?? DEFAULT_CONTENT_TYPE,
        etag: stripQuotes(firstHeader(headers.etag) ?? ''),
        lastModified: new Date(firstHeader(headers['last-modified']) ?? Date.now()),
      };
      sent = contentRange ?? { start: 0, end: size - 1 };
    } else {
      const stated = await this.stat(key);
      if (!stated) {
        body.destroy();
        throw new ObjectNotFoundError(key);
      }
      info = stated;
      sent = clampRange(range ?? { start: 0 }, info.size);
    }
    if (!range) return { body, info };

    // Without a Range header (start 0, no end) an empty object comes back as a plain 200.
    if (range.start >= info.size) {
      body.destroy();
      throw new RangeNotSatisfiableError(info.size);
    }
    const wanted = clampRange(range, info.size);
    if (sent.start !== wanted.start || sent.end < wanted.end) {
      body.destroy();
      throw new Error(
        `S3 returned bytes ${sent.start}-${sent.end} of ${key} for ${wanted.start}-${wanted.end}`,
      );
    }
    // s3rver answers `bytes=0-0` with the whole object; cut any surplus so callers get what they asked.
    const rangedBody = sent.end > wanted.end ? takeBytes(body, wanted.end - wanted.start + 1) : body;
    return { body: rangedBody, info, range: wanted };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { client } = await this.s3();
    try {
      const stat = await client.statObject(this.bucket, key);
      const contentType = Object.entries(stat.metaData).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      return {
        key,
        size: stat.size,
        contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE,
        etag: stripQuotes(stat.etag),
        lastModified: stat.lastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { client } = await this.s3();
    try {
      await client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async *list(): AsyncIterable<string> {
    await this.ensureBucketOnce();
    const { client } = await this.s3();
    for await (const item of client.listObjectsV2(this.bucket, '', true) as AsyncIterable<{
      name?: string;
    }>) {
      if (item.name) yield item.name;
    }
  }

  async presignGet(key: string, options: PresignOptions): Promise<string | null> {
    const expires = options.expiresInSeconds;
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) {
      throw new RangeError(`expiresInSeconds must be an integer between 1 and ${MAX_PRESIGN_SECONDS}`);
    }
    const responseHeaders: Record<string, string> = {};
    if (options.contentDisposition !== undefined) {
      responseHeaders['response-content-disposition'] = options.contentDisposition;
    }
    if (options.contentType !== undefined) responseHeaders['response-content-type'] = options.contentType;
    const { presignClient } = await this.s3();
    return presignClient.presignedGetObject(this.bucket, key, expires, responseHeaders);
  }

  async ping(): Promise<void> {
    await this.ensureBucket();
  }

  /** Checks (and creates) the bucket once per store; a failure is retried on the next upload. */
  private ensureBucketOnce(): Promise<void> {
    if (!this.bucketReady) {
      this.bucketReady = this.ensureBucket().catch((error: unknown) => {
        this.bucketReady = null;
        throw error;
      });
    }
    return this.bucketReady;
  }

  private partSizeFor(size: number | undefined): number {
    if (size === undefined || size <= this.partSize * MAX_PARTS) return this.partSize;
    // A known large size gets parts big enough to stay within the 10,000-part limit.
    return Math.ceil(size / MAX_PARTS / MIB) * MIB;
  }

  private assertDeclaredSize(
    key: string,
    actual: number,
    declared: number | undefined,
    complete: boolean,
  ): void {
    if (declared === undefined) return;
    if (actual > declared || (complete && actual !== declared)) {
      throw new Error(
        `Body of ${complete ? '' : 'at least '}${actual} bytes does not match the declared size ${declared} for ${key}`,
      );
    }
  }

  /**
   * Uploads the parts one after the other while the next one is being read, then completes the
   * upload; on any failure the upload is aborted so no object (and, on S3, no stored parts) remain.
   * s3rver does not implement the abort call: there the parts stay in its folder until it stops.
   */
  private async putMultipart(
    key: string,
    contentType: string,
    first: Buffer,
    second: Buffer,
    rest: AsyncGenerator<Buffer>,
    declaredSize: number | undefined,
  ): Promise<void> {
    const { client } = await this.s3();
    const uploadId = await client.initiateNewMultipartUpload(this.bucket, key, {
      'Content-Type': contentType,
    });
    try {
      const etags: { part: number; etag: string }[] = [];
      let uploaded = 0;
      const uploadPart = async (bytes: Buffer): Promise<void> => {
        const part = etags.length + 1;
        if (part > MAX_PARTS) throw new Error(`Object ${key} needs more than ${MAX_PARTS} parts`);
        uploaded += bytes.length;
        this.assertDeclaredSize(key, uploaded, declaredSize, false);
        const result = await client.uploadPart(
          { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
          bytes,
        );
        etags.push({ part, etag: result.etag });
      };

      await uploadPart(first);
      let current = second;
      for (;;) {
        const next = rest.next();
        // If the part upload fails first, the caller destroys the source and this read rejects unseen.
        next.catch(() => undefined);
        await uploadPart(current);
        const result = await next;
        if (result.done) break;
        current = result.value;
      }
      this.assertDeclaredSize(key, uploaded, declaredSize, true);
      await client.completeMultipartUpload(this.bucket, key, uploadId, etags);
    } catch (error) {
      await client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  private async sizeOf(key: string): Promise<number> {
    const info = await this.stat(key);
    if (!info) throw new ObjectNotFoundError(key);
    return info.size;
  }
}
