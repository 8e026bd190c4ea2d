/** The object store contract every adapter (local folder, S3) implements. */
import type { Readable } from 'node:stream';

/** The content type of an object stored or found without one. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive; defaults to the end of the object. */
  end?: number;
}

export interface PutOptions {
  contentType?: string;
  /** Known size in bytes, when the caller has it (lets S3 stream without buffering). */
  size?: number;
}

export interface GetResult {
  body: Readable;
  info: ObjectInfo;
  /** The bytes actually returned, inclusive, when a range was asked for. */
  range?: { start: number; end: number };
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** e.g. `attachment; filename="menu.pdf"` */
  contentDisposition?: string;
  contentType?: string;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable (object size ${size})`);
    this.name = 'RangeNotSatisfiableError';
  }
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Streams the body into the store; a failed stream leaves no partial object behind. */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<ObjectInfo>;
  /**
   * Stores the file at `filePath` under `key` and leaves the file as it was. The local store links it into
   * place (no byte copied when both folders are on one file system, a copy otherwise); S3 streams it.
   */
  putFile(key: string, filePath: string, options?: PutOptions): Promise<ObjectInfo>;
  /** Throws ObjectNotFoundError or RangeNotSatisfiableError. */
  get(key: string, range?: ByteRange): Promise<GetResult>;
  /** null when the object does not exist. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store, in no particular order (backups). */
  list(): AsyncIterable<string>;
  /** A short-lived URL the browser can GET directly; null when the adapter cannot presign (local). */
  presignGet(key: string, options: PresignOptions): Promise<string | null>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
}
