/**
 * The whole distributed mode for a test: a fresh PostgreSQL database, its own JetStream stream and
 * subject prefix, its own data folder, the S3 test server, every service and the gateway as separate
 * processes on free ports. `stop()` ends the processes and removes the database, the streams and the folder.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { createTestPostgresDatabase } from '@platform/service-kit/testing';
import { freePort } from './helpers.js';
// @ts-expect-error plain ESM module without types
import { startDistributed } from '../distributed.mjs';

export const SERVICES = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'] as const;

export interface DistributedSystem {
  url: string;
  servicePorts: Record<string, number>;
  processes: Record<
    string,
    { child: { pid?: number; exitCode: number | null }; exited: Promise<[number | null]> }
  >;
  stopService(service: string, signal?: string): Promise<void>;
  startService(service: string): unknown;
  stop(): Promise<void>;
}

export interface TestSystem {
  system: DistributedSystem;
  /** The internal token secret the services share. */
  secret: string;
  /** The one PostgreSQL database every service's schema lives in. */
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startTestSystem(options: {
  postgresUrl: string;
  natsUrl: string;
  /** Short tag for the database and stream names (letters only). */
  tag: string;
  /** The support admin's sign-in. */
  admin: { email: string; password: string };
}): Promise<TestSystem> {
  const { postgresUrl, natsUrl, tag, admin } = options;
  const database = await createTestPostgresDatabase(postgresUrl, tag.toLowerCase());
  const secret = randomBytes(32).toString('hex');
  const stream = `${tag}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toUpperCase();
  const dataDir = path.join(tmpdir(), stream.toLowerCase());
  const env: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: 'warn',
    INTERNAL_TOKEN_SECRET: secret,
    NATS_URL: natsUrl,
    NATS_STREAM: stream,
    NATS_SUBJECT_PREFIX: stream.toLowerCase(),
    DATA_DIR: dataDir,
    // Empty: startDistributed runs the S3 test server (s3rver) and points every service at it.
    S3_ENDPOINT: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Cheap password hashing (the services run with NODE_ENV=production otherwise).
    ...TEST_PASSWORD_HASH_ENV,
  };
  for (const service of SERVICES) env[`${service.toUpperCase()}_DATABASE_URL`] = database.url;
  const servicePorts: Record<string, number> = {};
  for (const service of SERVICES) servicePorts[service] = await freePort();

  let system: DistributedSystem | undefined;
  const stop = async () => {
    await system?.stop();
    await database.drop();
    const nc = await connect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    for (const name of [stream, `${stream}_DLQ`]) await jsm.streams.delete(name).catch(() => undefined);
    await nc.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    system = (await startDistributed({
      env,
      quiet: true,
      gatewayPort: await freePort(),
      servicePorts,
    })) as DistributedSystem;
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { system, secret, databaseUrl: database.url, stop };
}
