/**
 * The catalogue's version (`course.catalogue_version`): a counter moved on in the same transaction as every
 * change to what the public catalogue reads answer (docs/behaviour/public-site-and-catalogue.md#revisits).
 * Those reads answer a revalidation from it without reading the catalogue. It lives in the database, so
 * every replica sees a change the moment it commits.
 *
 * Who moves it on: every republication of the catalogue (`enqueueCataloguePublished`: each studio change,
 * and each start, after the seeds), and a finished transcode, which sets the lesson's real duration. Move
 * it on last in a transaction: the row is one lock every such change takes, and taking it last means a
 * transaction waiting for it never holds what the holder still needs.
 */
import { eq } from 'drizzle-orm';
import { bumpCounter, type Executor } from '@platform/service-kit/db';
import { catalogueVersion } from '../db/schema.js';

const ROW_ID = 1;

/** The current version; 0 before the first change was recorded. */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, ROW_ID));
  return row?.version ?? 0;
}

/**
 * Moves the version on, in the caller's transaction (so it commits, or rolls back, with the change), and
 * returns the new version. The caller holds the row until it commits: every earlier holder's change is
 * committed and visible to what the caller reads afterwards.
 */
export async function bumpCatalogueVersion(tx: Executor): Promise<number> {
  return bumpCounter(tx, catalogueVersion, { key: 'id', id: ROW_ID }, 'version');
}
