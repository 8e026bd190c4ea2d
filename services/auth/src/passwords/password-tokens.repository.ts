/** Queries on `auth.password_tokens`. */
import { rowExists, type Executor } from '@platform/service-kit/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordTokens, users } from '../db/schema.js';

export async function insertPasswordToken(db: Executor, row: typeof passwordTokens.$inferInsert) {
  await db.insert(passwordTokens).values(row);
}

/**
 * Marks the token used if it is unused and unexpired, in one statement (so two requests cannot both use
 * it); returns its user, or undefined.
 */
export async function consumePasswordToken(
  db: Executor,
  id: string,
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ userId: passwordTokens.userId });
  return row;
}

/** Once a password is set, the user's other outstanding links stop working too. */
export async function retireUnusedTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

export async function isUsablePasswordToken(db: Executor, id: string, now: Date): Promise<boolean> {
  return rowExists(
    db,
    passwordTokens,
    and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
  );
}

/**
 * Locks the account the token belongs to (used or not) until the transaction ends, and names it; undefined
 * for an unknown token. Taken before the token is used, so two links of one account used at once queue on
 * the account instead of each holding its own link while waiting for the other's.
 */
export async function lockTokenOwner(db: Executor, id: string): Promise<string | undefined> {
  const [token] = await db
    .select({ userId: passwordTokens.userId })
    .from(passwordTokens)
    .where(eq(passwordTokens.id, id))
    .limit(1);
  if (!token) return undefined;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, token.userId))
    .limit(1)
    .for('update');
  return owner?.id;
}
