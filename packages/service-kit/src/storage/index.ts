/** Object storage: one contract, a local-folder adapter and an S3 adapter, and the choice between them. */
import { LocalObjectStore } from './local-object-store.js';
import { S3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store.js';
import type { ObjectStore } from './types.js';

export * from './types.js';
export { requireStore } from './require-store.js';
export {
  LocalObjectStore,
  assertValidObjectKey,
  objectFilePath,
  type LocalObjectStoreOptions,
} from './local-object-store.js';
export {
  SIGNED_MEDIA_PATH,
  signMediaUrl,
  verifyMediaUrl,
  type SignMediaUrlOptions,
  type SignedMedia,
  type SignedMediaCheck,
  type SignedMediaRefusal,
} from './signed-media-url.js';
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
  /** Local store only: `presignGet` signs same-origin `/api/media/…` addresses (docs/decisions.md, 52). */
  signedUrls?: { secret: string };
}

export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  if (config.s3?.endPoint) return new S3ObjectStore(config.s3);
  return new LocalObjectStore({
    rootDir: config.localDir,
    ...(config.signedUrls && { signedUrls: config.signedUrls }),
  });
}
export { SNIFF_BYTES, detectMediaType, isPlainTextContent, readFileHead } from './detect-media-type.js';
