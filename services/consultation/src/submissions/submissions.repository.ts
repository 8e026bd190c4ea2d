/** Queries on submissions, their files and their e-mailed links. */
import { findRow, insertFilesOnce, insertOnce, rowsWhereIn, type Executor } from '@platform/service-kit/db';
import { and, asc, desc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { addFilesLinks, submissionFiles, submissions } from '../db/schema.js';
import { hashToken, newToken } from '../lib/tokens.js';

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmissionRow = typeof submissions.$inferInsert;
export type FileRow = typeof submissionFiles.$inferSelect;
export type NewFileRow = typeof submissionFiles.$inferInsert;

/**
 * The submission as inserted, or null when one was sent under its `clientRequestId` already (step 1 sent
 * again). Without a `clientRequestId` it is always inserted.
 */
export async function insertSubmissionOnce(
  db: Executor,
  row: NewSubmissionRow,
): Promise<SubmissionRow | null> {
  return insertOnce(db, submissions, row, submissions.clientRequestId);
}

/** The submission step 1 made under the id the page gave it, or null. */
export async function findSubmissionByClientRequestId(
  db: Executor,
  clientRequestId: string,
): Promise<SubmissionRow | null> {
  return findRow(db, submissions, eq(submissions.clientRequestId, clientRequestId));
}

/** The submission, or null; `lock` holds its row until the transaction ends. */
export async function findSubmission(db: Executor, id: string, lock = false): Promise<SubmissionRow | null> {
  return findRow(db, submissions, eq(submissions.id, id), { lock });
}

/**
 * Which of `ids` still exist, each held until the transaction ends so no erasure can delete it under rows
 * that refer to it; one being deleted is waited for and left out.
 */
export async function holdSubmissions(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(inArray(submissions.id, ids))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/**
 * Newest first: what the user sent signed in, and, when their address is proven (`email` given), what was
 * sent under that address.
 */
export async function listSubmissionsOwnedBy(
  db: Executor,
  owner: { userId: string; email: string | null },
): Promise<SubmissionRow[]> {
  const byUser = eq(submissions.userId, owner.userId);
  return listNewestSubmissions(db, owner.email ? or(byUser, eq(submissions.email, owner.email)) : byUser);
}

/** Newest first. */
export async function listSubmissionsByEmail(db: Executor, email: string): Promise<SubmissionRow[]> {
  return listNewestSubmissions(db, eq(submissions.email, email));
}

/** Newest first. */
export async function listAllSubmissions(db: Executor): Promise<SubmissionRow[]> {
  return listNewestSubmissions(db);
}

/** The submissions that match, every one without a condition, newest first. */
function listNewestSubmissions(db: Executor, where?: SQL): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
}

export async function updateSubmission(
  db: Executor,
  id: string,
  patch: Partial<NewSubmissionRow>,
): Promise<SubmissionRow | null> {
  const [row] = await db.update(submissions).set(patch).where(eq(submissions.id, id)).returning();
  return row ?? null;
}

/** Files of the given submissions, oldest first. */
export async function listFilesOf(db: Executor, submissionIds: string[]): Promise<FileRow[]> {
  return rowsWhereIn(db, submissionFiles, submissionFiles.submissionId, submissionIds, [
    asc(submissionFiles.createdAt),
    asc(submissionFiles.id),
  ]);
}

/** The files of each of the submissions, oldest first: `filesOf(id)`, empty for a submission without any. */
export async function listFilesBySubmission(
  db: Executor,
  rows: { id: string }[],
): Promise<(submissionId: string) => FileRow[]> {
  const files = await listFilesOf(
    db,
    rows.map((row) => row.id),
  );
  const grouped = new Map<string, FileRow[]>();
  for (const file of files) {
    const list = grouped.get(file.submissionId);
    if (list) list.push(file);
    else grouped.set(file.submissionId, [file]);
  }
  return (submissionId) => grouped.get(submissionId) ?? [];
}

/** Records the files of one upload, once per client id (`insertFilesOnce`). */
export function insertFiles(db: Executor, submissionId: string, rows: NewFileRow[]) {
  return insertFilesOnce(
    db,
    submissionFiles,
    { column: submissionFiles.submissionId, id: submissionId },
    rows,
  );
}

/** Records one file unless a file with its id exists; false when one did (a finished upload, recorded once). */
export async function insertFileOnce(db: Executor, row: NewFileRow): Promise<boolean> {
  return (await insertOnce(db, submissionFiles, row, submissionFiles.id)) !== null;
}

export async function findFileWithSubmission(
  db: Executor,
  fileId: string,
): Promise<{ file: FileRow; submission: SubmissionRow } | null> {
  const [row] = await db
    .select({ file: submissionFiles, submission: submissions })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(eq(submissionFiles.id, fileId))
    .limit(1);
  return row ?? null;
}

/**
 * A new link token for `submissionId`, good until `expiresAt`: only its hash is kept, the token goes into
 * the answer or the e-mail that carries it.
 */
export async function issueLink(
  db: Executor,
  link: { submissionId: string; purpose: LinkPurpose; expiresAt: Date; now: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(addFilesLinks).values({
    tokenHash: hashToken(token),
    submissionId: link.submissionId,
    purpose: link.purpose,
    expiresAt: link.expiresAt,
    createdAt: link.now,
  });
  return token;
}

type LinkPurpose = (typeof addFilesLinks.$inferInsert)['purpose'];

/** The submission an unexpired link token opens, or null. */
export async function findLiveLink(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ submissionId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ submissionId: addFilesLinks.submissionId, expiresAt: addFilesLinks.expiresAt })
    .from(addFilesLinks)
    .where(and(eq(addFilesLinks.tokenHash, tokenHash), gt(addFilesLinks.expiresAt, now)))
    .limit(1);
  return row ?? null;
}
