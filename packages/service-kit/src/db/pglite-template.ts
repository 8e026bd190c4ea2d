/**
 * Migrated PGlite templates. A new PGlite folder normally runs initdb and then every migration of its
 * service, which costs seconds per service; the jest suites and the browser suite open hundreds of fresh
 * folders. When `PGLITE_TEMPLATE_CACHE` names a folder (jest.config.js and the Playwright config set it
 * to node_modules/.cache/pglite-templates), the first new database of a schema is made once in a folder
 * of its own, migrated with the same migrator and closed cleanly; every later new folder of that schema
 * starts as a copy of it, and `openDatabase` still applies the migrations (none are left to apply). A
 * copied folder opens in about half the CPU time that unpacking a `dumpDataDir` archive takes. The key
 * covers the PGlite version, the schema and the bytes of every migration file, so a changed migration
 * makes a new template. Left unset (a user's embedded site), nothing changes: a folder is made once and
 * kept.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, readFileSync, type Stats } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite, PGLITE_START_PARAMS, useBaselineWasmCompiler } from './pglite-client.js';

export const PGLITE_TEMPLATE_CACHE_ENV = 'PGLITE_TEMPLATE_CACHE';

/** How a template is made: what its name says, which files decide its content, and how it is filled. */
export interface TemplateRecipe {
  /** Start of the template's folder name, e.g. the schema's name. */
  name: string;
  /** The migrations folders applied: every byte of them is part of the template's key. */
  migrationsFolders: readonly string[];
  /** Anything else that changes what `fill` makes (a new value makes new templates). */
  layout?: string;
  /** Fills the fresh, empty cluster (open in `client`) as a new folder of this kind would be. */
  fill(client: PGlite): Promise<void>;
}

/**
 * Fills a new, empty `dataDir` with a copy of the recipe's template (making the template first if there
 * is none). Answers false, leaving the folder alone, when templates are off or the folder already holds a
 * database.
 */
export async function startFromTemplate(dataDir: string, recipe: TemplateRecipe): Promise<boolean> {
  const cacheDir = process.env[PGLITE_TEMPLATE_CACHE_ENV];
  if (!cacheDir) return false;
  if ((await readdir(dataDir)).length > 0) return false;

  const template = path.join(path.resolve(cacheDir), `${recipe.name}-${await templateKey(recipe)}`);
  if (!(await isFolder(template))) await makeTemplate(template, recipe);
  await copyFolder(template, dataDir);
  return true;
}

const execFileAsync = promisify(execFile);

/**
 * Copies the template's ~1,000 files with `cp -R` in a child process. Node's `fs.cp` walks them in
 * JavaScript, on the test process's CPU and several times slower; `cp` costs the process almost nothing.
 * Where there is no `cp`, `fs.cpSync` does it.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await execFileAsync('cp', ['-R', `${from}${path.sep}.`, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    cpSync(from, to, { recursive: true });
  }
}

async function makeTemplate(template: string, recipe: TemplateRecipe): Promise<void> {
  const empty = await emptyCluster(path.dirname(template));
  await makeFolderOnce(template, async (partial) => {
    await copyFolder(empty, partial);
    await withClient(partial, (client) => recipe.fill(client));
  });
}

/**
 * A closed, freshly initialised PGlite folder with nothing in it, made once per PGlite version in the
 * cache. initdb costs seconds of CPU, and a fresh clone makes a template for each of its
 * nine schemas (more where jest workers race for one): they all start from a copy of this instead.
 */
async function emptyCluster(cacheDir: string): Promise<string> {
  const folder = path.join(cacheDir, `empty-cluster-${readPgliteVersion()}`);
  if (!(await isFolder(folder)))
    await makeFolderOnce(folder, (partial) => withClient(partial, async () => {}));
  return folder;
}

/**
 * Runs initdb on an empty `dataDir` in a worker thread, so that the process that then opens the folder
 * never holds initdb's memory: PGlite makes the cluster in a second instance and copies it over as an
 * archive, hundreds of megabytes that the process kept until a full garbage collection. A worker's memory goes
 * with the worker. Does nothing when the folder already holds a cluster.
 */
export async function initialiseInWorker(dataDir: string): Promise<void> {
  if (await isFile(path.join(dataDir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  useBaselineWasmCompiler();
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       const { PGlite } = require(workerData.pglite);
       (async () => {
         const client = new PGlite(workerData.dataDir, { startParams: workerData.startParams });
         await client.waitReady;
         await client.close();
       })().catch((error) => { throw error; });`,
      { eval: true, workerData: { pglite, dataDir, startParams: [...PGLITE_START_PARAMS] } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb in ${dataDir} failed (worker exit ${code})`)),
    );
  });
}

/** Opens PGlite on `dataDir` (running initdb when it is empty), does `work`, and closes it cleanly. */
async function withClient(dataDir: string, work: (client: PGlite) => Promise<void>): Promise<void> {
  const client = newPglite(dataDir);
  try {
    await client.waitReady;
    await work(client);
  } finally {
    await client.close();
  }
}

/**
 * Makes `folder` by filling a new folder beside it and renaming that into place. Workers racing to make
 * the same folder each fill their own; the rename is atomic, and a loser finds the winner's folder there.
 */
async function makeFolderOnce(folder: string, fill: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${folder}.${randomUUID()}.partial`;
  await mkdir(partial, { recursive: true });
  try {
    await fill(partial);
    await rename(partial, folder).catch(async (error: unknown) => {
      if (!(await isFolder(folder))) throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await statIfExists(file))?.isFile() ?? false;
}

async function isFolder(file: string): Promise<boolean> {
  return (await statIfExists(file))?.isDirectory() ?? false;
}

/** The entry's stats, or null when nothing is there. */
async function statIfExists(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
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

async function templateKey(recipe: TemplateRecipe): Promise<string> {
  const hash = createHash('sha256').update(
    `${readPgliteVersion()}\0${recipe.name}\0${recipe.layout ?? ''}\0`,
  );
  for (const [index, migrationsFolder] of recipe.migrationsFolders.entries()) {
    hash.update(`folder ${index}\0`);
    const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) {
      hash.update(`${path.relative(migrationsFolder, file)}\0`);
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 20);
}
