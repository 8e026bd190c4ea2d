/** Queries of the learning nudges (docs/behaviour/member-learning.md#nudges). */
import type { Executor } from '@platform/service-kit/db';
import { and, asc, isNull, ne, eq } from 'drizzle-orm';
import { courseEnrollments, learnerNames, learningNudges, type NUDGE_ROW_KINDS } from '../db/schema.js';

export interface NudgeCandidate {
  userId: string;
  courseId: number;
  email: string;
  firstName: string;
}

/** Every standing enrolment of a learner whose address the course knows. */
export async function listNudgeCandidates(db: Executor): Promise<NudgeCandidate[]> {
  return db
    .select({
      userId: courseEnrollments.userId,
      courseId: courseEnrollments.courseId,
      email: learnerNames.email,
      firstName: learnerNames.firstName,
    })
    .from(courseEnrollments)
    .innerJoin(learnerNames, eq(learnerNames.userId, courseEnrollments.userId))
    .where(and(isNull(courseEnrollments.withdrawnAt), ne(learnerNames.email, '')))
    .orderBy(asc(courseEnrollments.id));
}

/** Records the nudges; answers the keys that were new (the others were announced before). */
export async function recordNudges(
  db: Executor,
  rows: { userId: string; kind: (typeof NUDGE_ROW_KINDS)[number]; keys: string[]; at: Date },
): Promise<string[]> {
  if (rows.keys.length === 0) return [];
  const inserted = await db
    .insert(learningNudges)
    .values(rows.keys.map((key) => ({ userId: rows.userId, kind: rows.kind, key, createdAt: rows.at })))
    .onConflictDoNothing()
    .returning({ key: learningNudges.key });
  return inserted.map((row) => row.key);
}
