/**
 * The keys of what a service under test stored under a prefix, from the backing's own store (its local
 * folder, or its S3 test server's bucket): for checking that a refused upload left nothing behind.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildS3Options } from '../storage/index.js';

export async function listStoredObjectKeys(env: Record<string, string>, prefix: string): Promise<string[]> {
  if (env.S3_ENDPOINT) {
    const options = buildS3Options({
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY ?? '',
      secretKey: env.S3_SECRET_KEY ?? '',
      bucket: env.S3_BUCKET ?? '',
    });
    const { endPoint, port, useSSL, accessKey, secretKey } = options;
    // Loaded here, not at the top: every test file imports the testing kit, few of them list S3 keys.
    const { Client } = await import('minio');
    const client = new Client({ endPoint, port, useSSL, accessKey, secretKey, pathStyle: true });
    const keys: string[] = [];
    for await (const item of client.listObjectsV2(options.bucket, prefix, true)) {
      if (typeof item.name === 'string') keys.push(item.name);
    }
    return keys.sort();
  }
  const root = path.join(env.DATA_DIR ?? '', 'objects', 'objects');
  const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
