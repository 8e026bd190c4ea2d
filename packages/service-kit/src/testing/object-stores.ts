/**
 * The kit's object stores as its store tests run them: a temporary local folder and an S3 test server
 * (s3rver), each made fresh and removed after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LocalObjectStore,
  S3ObjectStore,
  type ObjectStore,
  type S3ObjectStoreOptions,
} from '../storage/index.js';
import { startS3TestServer } from './s3-server.js';

export interface TestObjectStore {
  store: ObjectStore;
  cleanup(): Promise<void>;
}

export interface TestObjectStoreAdapter {
  name: string;
  create(): Promise<TestObjectStore>;
}

/**
 * Both adapters, named `local` and `s3`; the local folder's name starts with `folderPrefix`, and the S3
 * store takes `s3Options` on top of its server's.
 */
export function testObjectStoreAdapters(options: {
  names: { local: string; s3: string };
  folderPrefix: string;
  s3Options?: Partial<S3ObjectStoreOptions>;
}): TestObjectStoreAdapter[] {
  return [
    {
      name: options.names.local,
      create: async () => {
        const dir = await mkdtemp(path.join(tmpdir(), options.folderPrefix));
        return {
          store: new LocalObjectStore({ rootDir: dir }),
          cleanup: () => rm(dir, { recursive: true, force: true }),
        };
      },
    },
    {
      name: options.names.s3,
      create: async () => {
        const server = await startS3TestServer();
        return {
          store: new S3ObjectStore({ ...server, useSSL: false, pathStyle: true, ...options.s3Options }),
          cleanup: () => server.stop(),
        };
      },
    },
  ];
}
