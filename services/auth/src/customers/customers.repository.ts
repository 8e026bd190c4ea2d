/** The admin's customers: accounts that are not the admin's, found by name or e-mail, with the last sign-in. */
import type { Executor } from '@platform/service-kit/db';
import { and, desc, eq, ilike, max, ne, or, sql } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';

/** `%`, `_` and `\` stand for themselves in the search (backslash is LIKE's escape character). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const lastSignIns = (db: Executor) =>
  db
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as('last_sign_in_at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_sign_ins');

/** Newest accounts first; `limit` rows from `offset`. */
export async function searchCustomers(
  db: Executor,
  options: { search: string; offset: number; limit: number; userId?: string },
) {
  const signIns = lastSignIns(db);
  const pattern = containsPattern(options.search);
  return db
    .select({ user: users, lastSignInAt: signIns.at })
    .from(users)
    .leftJoin(signIns, eq(signIns.userId, users.id))
    .where(
      and(
        ne(users.role, 'admin'),
        options.userId ? eq(users.id, options.userId) : undefined,
        options.search
          ? or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(options.offset)
    .limit(options.limit);
}
