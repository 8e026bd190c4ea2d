/**
 * Migrated PGlite templates. A new PGlite folder normally runs initdb and then every migration of its
 * service, which costs seconds per service; the jest suites and the browser suite open hundreds of fresh
 * folders. When `PGLITE_TEMPLATE_CACHE` names a folder (scripts/test.mjs and the Playwright config set it
 * to node_modules/.cache/pglite-templates), the first new database of a schema is made once in memory,
 * migrated with the same migrator, and dumped there; every later new folder of that schema starts from the
 * dump, and `openDatabase` still applies the migrations (none are left to apply). The key covers the
 * PGlite version, the schema and the bytes of every migration file, so a changed migration makes a new
 * template. Left unset (a user's embedded site), nothing changes: a folder is made once and kept.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export const PGLITE_TEMPLATE_CACHE_ENV = 'PGLITE_TEMPLATE_CACHE';

type Migrate = (client: PGlite, schemaName: string, migrationsFolder: string) => Promise<void>;

/**
 * The dump a new `dataDir` should load, or undefined when templates are off or the folder already holds
 * a database.
 */
export async function pgliteTemplate(
  dataDir: string,
  schemaName: string,
  migrationsFolder: string,
  migrate: Migrate,
): Promise<Blob | undefined> {
  const cacheDir = process.env[PGLITE_TEMPLATE_CACHE_ENV];
  if (!cacheDir) return undefined;
  if ((await readdir(dataDir)).length > 0) return undefined;

  const file = path.join(
    path.resolve(cacheDir),
    `${schemaName}-${await templateKey(schemaName, migrationsFolder)}.tar`,
  );
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(client, schemaName, migrationsFolder);
    const dump = await client.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    // Workers racing to make the same template each write their own file; the rename is atomic.
    const partial = `${file}.${randomUUID()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    return dump;
  } finally {
    await client.close();
  }
}

let pgliteVersion: string | undefined;

function readPgliteVersion(): string {
  if (pgliteVersion) return pgliteVersion;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const marker = `${path.sep}@electric-sql${path.sep}pglite${path.sep}`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  pgliteVersion = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  return pgliteVersion;
}

async function templateKey(schemaName: string, migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256').update(`${readPgliteVersion()}\0${schemaName}\0`);
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(`${path.relative(migrationsFolder, file)}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 20);
}
