/**
 * `npm run backup` and `npm run restore` for either mode (docs/decisions.md, 92). Each service's data
 * is where its settings say: PGlite under DATA_DIR or its `<SERVICE>_DATABASE_URL`, the local folder or
 * S3. A running embedded site holds its PGlite folder, which no second process may open, so it answers
 * backups itself on a socket in its data folder (`DATA_DIR/backup.sock`, reachable only by whoever may
 * read the data); the command uses it when a site answers there and opens the data itself otherwise.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { authService } from '@platform/auth';
import { consultationService } from '@platform/consultation';
import { courseService } from '@platform/course';
import { notificationService } from '@platform/notification';
import { paymentService } from '@platform/payment';
import { revenueService } from '@platform/revenue';
import {
  restoreBackup,
  writeBackup,
  type BackupSource,
  type BackupSummary,
} from '@platform/service-kit/backup';
import { loadConfig } from '@platform/service-kit/config';
import type { Logger } from '@platform/service-kit/logger';
import {
  openServiceDatabase,
  serviceObjectStore,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from '@platform/service-kit/runtime';

type Env = Record<string, string | undefined>;

const SITE_SERVICES = [
  authService,
  courseService,
  consultationService,
  paymentService,
  revenueService,
  notificationService,
] as unknown as ServiceDefinition<BaseServiceConfig, unknown>[];

/** Where a running embedded site answers backups. */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'backup.sock');
}

/** The running services' data, as the archive reads it. */
export function backupSourcesOf(services: RunningService[]): BackupSource[] {
  return services.map((service) => ({
    name: service.name,
    db: service.deps.db,
    schema: service.name,
    store: service.deps.store,
  }));
}

/**
 * Serves `GET /backup` (the archive) on the data folder's socket while the site runs; closing removes the
 * socket. A socket left by a site that did not stop cleanly is replaced.
 */
export async function serveBackups(
  dataDir: string,
  sources: BackupSource[],
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(sources, res).catch((error: unknown) => {
      logger.error({ err: error }, 'backup failed');
      res.destroy(error as Error);
    });
  });
  await rm(socketPath, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } catch (error) {
    // A data folder whose path is too long for a socket: the site runs, `npm run backup` waits for a stop.
    logger.warn({ err: error, socketPath }, 'backups of the running site are not available');
    return { close: async () => {} };
  }
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** The archive from a site answering on the data folder's socket; null when none answers there. */
async function backupFromRunningSite(dataDir: string): Promise<Readable | null> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: backupSocketPath(dataDir), path: '/backup' }, (response) => {
      if (response.statusCode === 200) resolve(response);
      else reject(new Error(`The running site refused the backup (${response.statusCode})`));
    });
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Every service's data opened from `env` (its database migrated), to read or restore it. */
async function openSiteData(env: Env): Promise<{ sources: BackupSource[]; close(): Promise<void> }> {
  // The data is read and written, never served: the token secret only has to satisfy the settings.
  const settings = {
    ...env,
    INTERNAL_TOKEN_SECRET: env.INTERNAL_TOKEN_SECRET || randomBytes(32).toString('hex'),
  };
  const opened = await Promise.allSettled(
    SITE_SERVICES.map(async (definition) => {
      const config = loadConfig(definition.configSchema, settings) as BaseServiceConfig;
      const database = await openServiceDatabase(definition, config);
      return { definition, database, store: serviceObjectStore(definition, config) };
    }),
  );
  const close = async () => {
    for (const result of opened) if (result.status === 'fulfilled') await result.value.database.close();
  };
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  const sources = opened.map((result) => {
    const { definition, database, store } = (
      result as PromiseFulfilledResult<{
        definition: ServiceDefinition<BaseServiceConfig, unknown>;
        database: Awaited<ReturnType<typeof openServiceDatabase>>;
        store: ReturnType<typeof serviceObjectStore>;
      }>
    ).value;
    return { name: definition.name, db: database.db, schema: database.schemaName, store };
  });
  return { sources, close };
}

/** Writes the archive of the site that `env` describes, running or not. */
export async function backupSite(env: Env, output: Writable): Promise<void> {
  const running = await backupFromRunningSite(env.DATA_DIR || './data');
  if (running) {
    await pipeline(running, output);
    return;
  }
  const site = await openSiteData(env);
  try {
    await writeBackup(site.sources, output);
  } finally {
    await site.close();
  }
}

/** Restores an archive into the empty databases and stores `env` names; the site must not be running. */
export async function restoreSite(env: Env, input: Readable): Promise<BackupSummary> {
  const running = await backupFromRunningSite(env.DATA_DIR || './data');
  if (running) {
    running.destroy();
    throw new Error('The site is running on this data folder: stop it before restoring');
  }
  const site = await openSiteData(env);
  try {
    return await restoreBackup(input, site.sources);
  } finally {
    await site.close();
  }
}
