/** The storages the tests run a whole embedded site on, each empty for the site that asks for it. */
import { randomBytes } from 'node:crypto';
import { afterAll } from '@jest/globals';
import { SERVICE_NAMES } from '@platform/contracts/services';
import {
  createTestPostgresDatabase,
  postgresUrlFromEnv,
  startS3TestServer,
  type S3TestServer,
} from '@platform/service-kit/testing';

export type Env = Record<string, string | undefined>;

export interface SiteStorage {
  name: string;
  /** The settings of a site with its own empty storage (`label` tells a file's sites apart), and how to remove it. */
  storage(label: string): Promise<{ env: Env; remove(): Promise<void> }>;
}

/**
 * PGlite and a local folder under the site's DATA_DIR; with POSTGRES_URL also PostgreSQL and S3 (databases
 * and buckets named after `prefix`, on one S3 server that stops after the test file), for `describe.each`.
 */
export function siteStorages(prefix: string): SiteStorage[] {
  const storages: SiteStorage[] = [
    { name: 'PGlite and a local folder', storage: async () => ({ env: {}, remove: async () => {} }) },
  ];
  const postgresUrl = postgresUrlFromEnv();
  if (!postgresUrl) return storages;
  let s3: S3TestServer | undefined;
  afterAll(async () => {
    await s3?.stop();
  });
  storages.push({
    name: 'PostgreSQL and S3',
    storage: async (label) => {
      const database = await createTestPostgresDatabase(postgresUrl, `${prefix}${label}`);
      s3 ??= await startS3TestServer();
      const env: Env = {
        S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: `${prefix}-${label}-${randomBytes(4).toString('hex')}`,
      };
      for (const service of SERVICE_NAMES) env[`${service.toUpperCase()}_DATABASE_URL`] = database.url;
      return { env, remove: () => database.drop() };
    },
  });
  return storages;
}
