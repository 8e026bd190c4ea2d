/** Queries on `auth.users`. */
import { randomInt, randomUUID } from 'node:crypto';
import { rowExists, updateRows, type Executor } from '@platform/service-kit/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users, type UserRow } from '../db/schema.js';

/** E-mail addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  // PostgreSQL refuses to compare a uuid column with anything else; such an id names nobody.
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The user as the pages read them, with whether they signed in before their current session (more than one
 * session ever), in one query: it runs on every page load.
 */
export async function findUserAsSeen(
  db: Executor,
  id: string,
): Promise<{ user: UserRow; returning: boolean } | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select({
      user: users,
      // Written out: inside a one-table select drizzle leaves column names unqualified.
      returning: sql<boolean>`(select count(*) > 1 from ${sessions} as earlier where earlier.user_id = ${users}.id)`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { user: row.user, returning: Boolean(row.returning) } : undefined;
}

export async function findUserByOidcSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return row;
}

export async function hasAdmin(db: Executor): Promise<boolean> {
  return rowExists(db, users, eq(users.role, 'admin'));
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  role: 'user' | 'admin';
  oidcSubject?: string;
  now: Date;
}

/** `ada.lovelace+x@example.com` → `ada.lovelace_x`; never empty. */
export function usernameFromEmail(email: string): string {
  const local = normalizeEmail(email).split('@')[0] ?? '';
  const base = local
    .replace(/[^a-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 30);
  return base || 'user';
}

/**
 * Inserts the user, or returns `null` when the e-mail is taken. The username is the e-mail's local part,
 * with a random number appended while it is taken.
 */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow | null> {
  const email = normalizeEmail(user.email);
  const base = usernameFromEmail(email);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const username = attempt === 0 ? base : `${base}${randomInt(1000, attempt < 4 ? 10_000 : 1_000_000)}`;
    const [inserted] = await db
      .insert(users)
      .values({
        id: randomUUID(),
        username,
        email,
        firstName: user.firstName,
        lastName: user.lastName,
        passwordHash: user.passwordHash,
        role: user.role,
        oidcSubject: user.oidcSubject ?? null,
        createdAt: user.now,
        updatedAt: user.now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
    if (await findUserByEmail(db, email)) return null;
    if (user.oidcSubject && (await findUserByOidcSubject(db, user.oidcSubject))) return null;
    // Otherwise the username was taken: try another.
  }
  throw new Error(`could not find a free username for ${base}`);
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Replaces a password hash by an equivalent one (same password, current algorithm or cost) unless the
 * password changed meanwhile; the account's sessions and update time stay as they are.
 */
export async function replacePasswordHash(
  db: Executor,
  userId: string,
  previous: string,
  next: string,
): Promise<boolean> {
  return updateRows(
    db,
    users,
    { passwordHash: next },
    and(eq(users.id, userId), eq(users.passwordHash, previous)),
  );
}

/**
 * Whether the account still has this password hash, its row share-locked until the transaction ends: a
 * password change or a deletion then waits for the caller's writes, or has already happened.
 */
export async function lockUserWithPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash)))
    .limit(1)
    .for('share');
  return row !== undefined;
}

export async function makeAdmin(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', updatedAt: now })
    .where(and(eq(users.id, userId), ne(users.role, 'admin')));
}

export async function linkOidcSubject(db: Executor, userId: string, subject: string, now: Date) {
  await db.update(users).set({ oidcSubject: subject, updatedAt: now }).where(eq(users.id, userId));
}

/** The account proved it receives mail at its address; the first proof's time is kept. */
export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}
