/**
 * Object store over a local folder, for development and single-host installs.
 *
 * Layout under `rootDir` (kept apart so no key can collide with bookkeeping files):
 *   objects/<key>        the bytes
 *   meta/<key>.json      { contentType, etag } written beside each put
 *   tmp/                 uploads in progress; renamed into objects/ only when complete
 *
 * With `signedUrls`, `presignGet` answers a signed same-origin `/api/media/<key>` address that the gateway
 * serves from `objectFilePath(rootDir, key)` (docs/decisions.md, 52); without it, null, and the service
 * streams the bytes itself.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  link,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { resolveRange } from './byte-range.js';
import {
  DEFAULT_CONTENT_TYPE,
  ObjectNotFoundError,
  type ByteRange,
  type GetResult,
  type ObjectInfo,
  type ObjectStore,
  type PresignOptions,
  type PutOptions,
} from './types.js';
import { signMediaUrl } from './signed-media-url.js';

export interface LocalObjectStoreOptions {
  rootDir: string;
  /** Sign `/api/media/…` addresses under this secret (INTERNAL_TOKEN_SECRET) in `presignGet`. */
  signedUrls?: { secret: string };
}

interface StoredMeta {
  contentType: string;
  etag: string;
}

/**
 * Keys map one to one onto file paths, so anything that could escape the folder or name the same file
 * two ways is refused: absolute paths, `.`/`..`/empty segments, backslashes, NUL. A `..` inside a
 * segment (`menu..v2.pdf`) names a plain file and is allowed.
 */
export function assertValidObjectKey(key: string): void {
  const problem =
    typeof key !== 'string' || key.length === 0
      ? 'is empty'
      : key.length > 1024
        ? 'is longer than 1024 characters'
        : key.includes('\0')
          ? 'contains NUL'
          : key.includes('\\')
            ? 'contains a backslash'
            : key.startsWith('/') || path.isAbsolute(key)
              ? 'is absolute'
              : key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
                ? 'has an empty, "." or ".." segment'
                : undefined;
  if (problem) throw new Error(`Invalid object key ${JSON.stringify(key)}: ${problem}`);
}

/**
 * A Date built here rather than the one `fs.stat` returns: under jest's VM contexts the latter comes
 * from another realm and fails `instanceof Date` in callers' tests.
 */
function toDate(ms: number): Date {
  return new Date(Math.floor(ms));
}

function isErrorCode(error: unknown, ...codes: string[]): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && codes.includes(code);
}

function isNotFound(error: unknown): boolean {
  return isErrorCode(error, 'ENOENT', 'ENOTDIR');
}

/** Where the bytes of `key` live under a store's `rootDir` (the key checked first). */
export function objectFilePath(rootDir: string, key: string): string {
  assertValidObjectKey(key);
  return path.join(path.resolve(rootDir), 'objects', ...key.split('/'));
}

export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly rootDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;
  private readonly keyLocks = new Map<string, Promise<void>>();
  private readonly signingSecret: string | undefined;

  constructor(options: LocalObjectStoreOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.signingSecret = options.signedUrls?.secret;
    this.metaDir = path.join(this.rootDir, 'meta');
    this.tmpDir = path.join(this.rootDir, 'tmp');
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    await mkdir(this.tmpDir, { recursive: true });
    const tmpData = path.join(this.tmpDir, `${randomUUID()}.data`);
    const tmpMeta = path.join(this.tmpDir, `${randomUUID()}.json`);
    const sink = createWriteStream(tmpData, { flags: 'wx' });
    try {
      const md5 = createHash('md5');
      let size = 0;
      const sizeMismatch = () =>
        new Error(`Body of ${size} bytes does not match the declared size ${options.size} for ${key}`);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          // Refuse as soon as the body overflows, rather than waiting for a stream that may never end.
          callback(options.size !== undefined && size > options.size ? sizeMismatch() : null, chunk);
        },
      });
      await pipeline(source, measure, sink);
      if (options.size !== undefined && options.size !== size) throw sizeMismatch();
      const meta: StoredMeta = {
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        etag: md5.digest('hex'),
      };
      return await this.commit(key, tmpData, tmpMeta, meta);
    } catch (error) {
      // A file stream destroyed before its open finished still creates the file when the open lands:
      // wait for it to close, or the removal below would run first and leave the file behind.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await Promise.all([rm(tmpData, { force: true }), rm(tmpMeta, { force: true })]);
      if (!source.destroyed) source.destroy();
      throw error;
    }
  }

  async putFile(key: string, filePath: string, options: PutOptions = {}): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    const { size } = await stat(filePath);
    if (options.size !== undefined && options.size !== size) {
      throw new Error(`File of ${size} bytes does not match the declared size ${options.size} for ${key}`);
    }
    await mkdir(this.tmpDir, { recursive: true });
    const tmpData = path.join(this.tmpDir, `${randomUUID()}.data`);
    const tmpMeta = path.join(this.tmpDir, `${randomUUID()}.json`);
    try {
      await link(filePath, tmpData);
    } catch (error) {
      // Another file system (or one without hard links): copy the bytes instead.
      if (!isErrorCode(error, 'EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK')) throw error;
      return this.put(key, createReadStream(filePath), { ...options, size });
    }
    try {
      // A new object's tag without reading its bytes: tags only need to change when the bytes do.
      const meta: StoredMeta = {
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        etag: randomUUID().replaceAll('-', ''),
      };
      return await this.commit(key, tmpData, tmpMeta, meta);
    } catch (error) {
      await Promise.all([rm(tmpData, { force: true }), rm(tmpMeta, { force: true })]);
      throw error;
    }
  }

  /** Moves a complete object's bytes and metadata from tmp/ into place. */
  private async commit(key: string, tmpData: string, tmpMeta: string, meta: StoredMeta): Promise<ObjectInfo> {
    await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });
    const objectPath = this.objectPath(key);
    const metaPath = this.metaPath(key);
    await Promise.all([
      mkdir(path.dirname(objectPath), { recursive: true }),
      mkdir(path.dirname(metaPath), { recursive: true }),
    ]);
    // Each rename is atomic; the lock keeps a concurrent put of the same key from pairing its bytes
    // with our metadata, and readers from seeing one without the other.
    const info = await this.withKeyLock(key, async () => {
      await rename(tmpMeta, metaPath);
      await rename(tmpData, objectPath);
      return stat(objectPath);
    });
    return {
      key,
      size: info.size,
      contentType: meta.contentType,
      etag: meta.etag,
      lastModified: toDate(info.mtimeMs),
    };
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    assertValidObjectKey(key);
    // The open file descriptor pins these bytes: a put renaming new ones in later does not affect this read.
    const { handle, info } = await this.withKeyLock(key, async () => {
      let handle: FileHandle;
      try {
        handle = await open(this.objectPath(key), 'r');
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      try {
        const fileInfo = await handle.stat();
        if (!fileInfo.isFile()) throw new ObjectNotFoundError(key);
        return { handle, info: await this.toObjectInfo(key, fileInfo.size, toDate(fileInfo.mtimeMs)) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    });
    if (!range) return { body: handle.createReadStream(), info };
    let resolved;
    try {
      resolved = resolveRange(range, info.size);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return { body: handle.createReadStream(resolved), info, range: resolved };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertValidObjectKey(key);
    return this.withKeyLock(key, async () => {
      try {
        const fileInfo = await stat(this.objectPath(key));
        if (!fileInfo.isFile()) return null;
        return await this.toObjectInfo(key, fileInfo.size, toDate(fileInfo.mtimeMs));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    await this.withKeyLock(key, async () => {
      // Bytes first: once they are gone the object is gone, whatever happens to the metadata file.
      for (const file of [this.objectPath(key), this.metaPath(key)]) {
        try {
          await unlink(file);
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
    });
  }

  async presignGet(key: string, options: PresignOptions): Promise<string | null> {
    assertValidObjectKey(key);
    if (this.signingSecret === undefined) return null;
    return signMediaUrl(key, this.signingSecret, {
      contentType: options.contentType ?? (await this.stat(key))?.contentType ?? DEFAULT_CONTENT_TYPE,
      contentDisposition: options.contentDisposition ?? 'inline',
      expiresInSeconds: options.expiresInSeconds,
    });
  }

  async *list(): AsyncIterable<string> {
    const objectsDir = path.join(this.rootDir, 'objects');
    let entries;
    try {
      entries = await readdir(objectsDir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      yield path.relative(objectsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    const probe = path.join(this.tmpDir, `ping-${randomUUID()}`);
    await writeFile(probe, '', { flag: 'wx' });
    await unlink(probe);
  }

  /**
   * Runs short critical sections for one key one at a time (within this process; two processes sharing
   * one folder could still interleave overwrites of the same key).
   */
  private async withKeyLock<T>(key: string, section: () => Promise<T>): Promise<T> {
    const previous = this.keyLocks.get(key) ?? Promise.resolve();
    const current = previous.then(section);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.keyLocks.set(key, settled);
    try {
      return await current;
    } finally {
      if (this.keyLocks.get(key) === settled) this.keyLocks.delete(key);
    }
  }

  private objectPath(key: string): string {
    return objectFilePath(this.rootDir, key);
  }

  private metaPath(key: string): string {
    return `${path.join(this.metaDir, ...key.split('/'))}.json`;
  }

  private async toObjectInfo(key: string, size: number, lastModified: Date): Promise<ObjectInfo> {
    const meta = await this.readMeta(key);
    return {
      key,
      size,
      contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
      // Files dropped in by hand have no metadata: size and time still change when the bytes do.
      etag: meta?.etag ?? `${size.toString(16)}-${lastModified.getTime().toString(16)}`,
      lastModified,
    };
  }

  private async readMeta(key: string): Promise<StoredMeta | null> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.metaPath(key), 'utf8'));
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as StoredMeta).contentType === 'string' &&
        typeof (parsed as StoredMeta).etag === 'string'
      ) {
        return parsed as StoredMeta;
      }
      return null;
    } catch (error) {
      if (isNotFound(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }
}
