/** An in-process S3-compatible server (s3rver) on a free port with a throwaway folder, for tests. */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

export interface S3TestServer {
  endPoint: '127.0.0.1';
  port: number;
  accessKey: 'S3RVER';
  secretKey: 'S3RVER';
  /** Created before the server answers, so clients can use it at once. */
  bucket: string;
  stop(): Promise<void>;
}

/**
 * s3rver 3.7 answers a PUT as soon as its hashing step has taken in the body (it resolves on that step's
 * 'finish', not on the file's), so on a busy machine a HEAD straight after the PUT could find no object or
 * a short one: "uploaded but cannot be found" in a suite. Real S3 and MinIO read their writes. Here the
 * file is written to its end beside its place and renamed into it, and only then is the PUT answered.
 */
function readAfterWrite(store: S3rver['store']): void {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const partial = `${objectPath}.${randomBytes(4).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(content, measure, createWriteStream(partial));
      await rename(partial, objectPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const bucket = `test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  readAfterWrite(server.store);
  let address;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    endPoint: '127.0.0.1',
    port: address.port,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        await server.close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}
