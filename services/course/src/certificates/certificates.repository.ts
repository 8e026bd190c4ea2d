/** Queries on `course.certificates` and `course.learner_names`. */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { certificates, learnerNames, type CertificateRow } from '../db/schema.js';

/**
 * Keeps the newest name auth announced for the user (an older event arriving late changes nothing); an
 * event without a last name keeps the one known.
 */
export async function upsertLearnerName(
  db: Executor,
  row: {
    userId: string;
    email?: string | undefined;
    firstName: string;
    lastName?: string | undefined;
    at: Date;
  },
): Promise<void> {
  const lastName = row.lastName ?? '';
  const email = row.email ?? '';
  await db
    .insert(learnerNames)
    .values({ userId: row.userId, email, firstName: row.firstName, lastName, updatedAt: row.at })
    .onConflictDoUpdate({
      target: learnerNames.userId,
      set: {
        email: row.email === undefined ? sql`${learnerNames.email}` : email,
        firstName: row.firstName,
        lastName: row.lastName === undefined ? sql`${learnerNames.lastName}` : lastName,
        updatedAt: row.at,
      },
      setWhere: lte(learnerNames.updatedAt, row.at),
    });
}

/** A learner auth has not announced yet (a staff member's new account): known by address until it does. */
export async function insertLearnerIfUnknown(
  db: Executor,
  row: { userId: string; email: string; at: Date },
): Promise<void> {
  const unnamed = { userId: row.userId, email: row.email, firstName: '', lastName: '', updatedAt: row.at };
  await insertOnce(db, learnerNames, unnamed, learnerNames.userId);
}

export async function findLearnerName(db: Executor, userId: string): Promise<string | null> {
  const row = await findRow(db, learnerNames, eq(learnerNames.userId, userId));
  if (!row) return null;
  const name = `${row.firstName} ${row.lastName}`.trim();
  return name === '' ? null : name;
}

/** Inserts the learner's certificate for the course; null when they already have one. */
export async function insertCertificate(db: Executor, row: CertificateRow): Promise<CertificateRow | null> {
  return insertOnce(db, certificates, row, [certificates.userId, certificates.courseId]);
}

export async function findCertificate(db: Executor, id: string): Promise<CertificateRow | null> {
  return findRow(db, certificates, eq(certificates.id, id));
}

export async function findCertificateOf(
  db: Executor,
  options: { userId: string; courseId: number },
): Promise<CertificateRow | null> {
  return findRow(
    db,
    certificates,
    and(eq(certificates.userId, options.userId), eq(certificates.courseId, options.courseId)),
  );
}

export async function listCertificatesOf(db: Executor, userId: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(asc(certificates.issuedAt));
}
