/** Object storage: one contract, a local-folder adapter and an S3 adapter, and the choice between them. */
import { LocalObjectStore } from './local-object-store.js';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.js';
import type { ObjectStore } from './types.js';

export * from './types.js';
export {
  LocalObjectStore,
  assertValidObjectKey,
  type LocalObjectStoreOptions,
} from './local-object-store.js';
export {
  S3ObjectStore,
  buildS3Options,
  type S3EndpointSettings,
  type S3ObjectStoreOptions,
} from './s3-object-store.js';

export interface ObjectStoreConfig {
  /** When present (an S3 endpoint is configured), objects go to S3; otherwise into `localDir`. */
  s3?: S3ObjectStoreOptions;
  localDir: string;
}

export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  if (config.s3?.endPoint) return new S3ObjectStore(config.s3);
  return new LocalObjectStore({ rootDir: config.localDir });
}
export { SNIFF_BYTES, detectMediaType, isPlainTextContent, readFileHead } from './detect-media-type.js';
