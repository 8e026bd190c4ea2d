/**
 * Uses an e-mail change link: the link must be unused and unexpired, and the new address still free. The
 * account's address changes and counts as proven, the link, the account's other e-mail change links and its
 * unused password links (sent to the old address) are used up, in one transaction (a link used twice at
 * once changes the address once). Proving an `ADMIN_EMAILS` address gives the admin role, as a
 * set-password link does (docs/decisions.md, 11). Two
 * links of one account used at once: the first changes the address, the other is refused as used.
 */
import { ACCOUNT_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { isUniqueViolation } from '@platform/service-kit/db';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthConfig } from '../config.js';
import { findUserByEmail, makeAdmin } from '../accounts/users.repository.js';
import { emailChanges, users } from '../db/schema.js';
import { retireUnusedTokens } from '../passwords/password-tokens.repository.js';
import { hashSecretToken } from '../sessions/secret-token.js';

export async function confirmEmailChange(
  deps: ServiceDeps<AuthConfig>,
  options: { token: string },
): Promise<{ userId: string; email: string }> {
  const id = hashSecretToken(options.token);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // The account first: two of its links used at once then queue on it, rather than each holding its
    // own link while waiting for the other's (a deadlock).
    const [owner] = await tx
      .select({ userId: emailChanges.userId })
      .from(emailChanges)
      .where(eq(emailChanges.id, id))
      .limit(1);
    if (owner) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
    const [link] = await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
      .returning();
    if (!link) throw new AppError('invalid', ACCOUNT_MESSAGES.invalidLink);
    const holder = await findUserByEmail(tx, link.newEmail);
    if (holder && holder.id !== link.userId) throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
    // A sign-up with the same address between the check and the write: the unique index refuses it.
    await tx
      .update(users)
      .set({ email: link.newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, link.userId))
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
        throw error;
      });
    if (deps.config.ADMIN_EMAILS.includes(link.newEmail)) await makeAdmin(tx, link.userId, now);
    await tx
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, link.userId), isNull(emailChanges.usedAt)));
    // A password link sent to the old address would let whoever still reads that mailbox take the account.
    await retireUnusedTokens(tx, link.userId, now);
    return { userId: link.userId, email: link.newEmail };
  });
}
