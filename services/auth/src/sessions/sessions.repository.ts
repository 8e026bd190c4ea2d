/** Queries on `auth.sessions`. */
import type { Executor } from '@platform/service-kit/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, users, type SessionRow } from '../db/schema.js';

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export interface SessionWithUser {
  session: SessionRow;
  user: { id: string; email: string; role: 'user' | 'admin'; emailVerifiedAt: Date | null };
}

/** The session with this id that has not been ended, with its user. */
export async function findOpenSession(db: Executor, id: string): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, email: users.email, role: users.role, emailVerifiedAt: users.emailVerifiedAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .limit(1);
  return row;
}

export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function endSession(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}

/** Ends every open session of the user (password changed); returns how many. */
export async function endSessionsOfUser(db: Executor, userId: string, at: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every open session of the user but `keepId` (the one changing the password); returns how many. */
export async function endOtherSessionsOfUser(db: Executor, userId: string, keepId: string, at: Date) {
  const ended = await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Whose session this is, ended or not. */
export async function findSessionOwner(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row?.userId;
}
