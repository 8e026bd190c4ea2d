/**
 * A service's migrations folder cut before a given migration, so a test can build a database as it was,
 * store rows in the old shape, then open it with the whole folder and check what the later migrations
 * made of them.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createTestPostgresDatabase, postgresUrlFromEnv } from './postgres.js';

interface Journal {
  entries: Array<{ tag: string }>;
}

export async function migrationsBefore(
  migrationsFolder: string,
  firstTagLeftOut: string,
): Promise<{ folder: string; cleanup(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-before-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === firstTagLeftOut);
  if (cut < 0) throw new Error(`no migration ${firstTagLeftOut} in ${migrationsFolder}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { folder, cleanup: () => rm(folder, { recursive: true, force: true }) };
}

/** Where a migration test builds its database: reopened with another migrations folder each time. */
export interface MigrationPlace {
  open(migrationsFolder: string): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

/** A PGlite folder, and with POSTGRES_URL a PostgreSQL database of its own, for the schema `schemaName`. */
export function migrationPlaces(schemaName: string): Array<[string, () => Promise<MigrationPlace>]> {
  const places: Array<[string, () => Promise<MigrationPlace>]> = [
    [
      'PGlite',
      async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), `${schemaName}-migration-`));
        return {
          open: (migrationsFolder) => openDatabase({ schemaName, dataDir, migrationsFolder }),
          cleanup: () => rm(dataDir, { recursive: true, force: true }),
        };
      },
    ],
  ];
  const adminUrl = postgresUrlFromEnv();
  if (adminUrl) {
    places.push([
      'PostgreSQL',
      async () => {
        const database = await createTestPostgresDatabase(adminUrl, `${schemaName}_migration`);
        return {
          open: (migrationsFolder) =>
            openDatabase({ schemaName, url: database.url, dataDir: '/nonexistent', migrationsFolder }),
          cleanup: () => database.drop(),
        };
      },
    ]);
  }
  return places;
}
