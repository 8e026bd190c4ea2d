/**
 * The rows of one multipart upload's files, recorded once per client id: a file the browser sends again
 * under the id it gave it (`UPLOAD_FILE_ID_FIELD`, after an answer lost on the way) is not recorded twice.
 * The table has a unique index on (the record the files belong to, `client_file_id`); rows without a
 * client id are always recorded.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

type FileTable = PgTable & { id: PgColumn; clientFileId: PgColumn };

export interface FilesRecordedOnce<TRow, TNewRow> {
  /** Each file as recorded, in the order given: this upload's row, or the one recorded before. */
  recorded: TRow[];
  /** The rows not written (their objects are the caller's to remove). */
  duplicates: TNewRow[];
}

export async function insertFilesOnce<
  TTable extends FileTable,
  TNewRow extends TTable['$inferInsert'] & { id: string; clientFileId?: string | null },
>(
  db: Executor,
  table: TTable,
  owner: { column: PgColumn; id: string },
  rows: TNewRow[],
): Promise<FilesRecordedOnce<TTable['$inferSelect'], TNewRow>> {
  type Row = TTable['$inferSelect'] & { id: string; clientFileId: string | null };
  if (rows.length === 0) return { recorded: [], duplicates: [] };
  const inserted = (await db
    .insert(table)
    .values(rows)
    .onConflictDoNothing({ target: [owner.column, table.clientFileId] })
    .returning()) as unknown as Row[];
  const written = new Set(inserted.map((row) => row.id));
  const duplicates = rows.filter((row) => !written.has(row.id));
  const earlier =
    duplicates.length === 0
      ? []
      : ((await db
          .select()
          .from(table as PgTable)
          .where(
            and(
              eq(owner.column, owner.id),
              inArray(
                table.clientFileId,
                duplicates.map((row) => row.clientFileId!),
              ),
            ),
          )) as unknown as Row[]);
  const recorded = rows.map(
    (row) =>
      inserted.find((kept) => kept.id === row.id) ??
      earlier.find((kept) => kept.clientFileId === row.clientFileId)!,
  );
  return { recorded, duplicates };
}
