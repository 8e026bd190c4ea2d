/** Queries on `auth.password_tokens`. */
import type { Executor } from '@platform/service-kit/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordTokens } from '../db/schema.js';

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
  const [row] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
