/** Queries on `auth.member_grants` and the membership fields of `auth.users`. */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { memberGrants, users, type MemberGrantRow, type UserRow } from '../db/schema.js';
import { normalizeEmail } from '../accounts/users.repository.js';

/** The order's grant, locked until the transaction ends (a payment and its refund never interleave). */
export async function lockGrant(db: Executor, orderId: string): Promise<MemberGrantRow | null> {
  return findRow(db, memberGrants, eq(memberGrants.orderId, orderId), { lock: true });
}

/** The account with this e-mail, locked, so two orders of one buyer update its membership one at a time. */
export async function lockUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  return findRow(db, users, eq(users.email, normalizeEmail(email)), { lock: true });
}

export async function lockUserById(db: Executor, id: string): Promise<UserRow | null> {
  return findRow(db, users, eq(users.id, id), { lock: true });
}

/** Records the grant; false when the order already has a row (granted, or refunded before it arrived). */
export async function insertGrant(
  db: Executor,
  grant: { orderId: string; userId: string; courseIds: number[]; total: number; grantedAt: Date },
): Promise<boolean> {
  return (await insertOnce(db, memberGrants, grant, memberGrants.orderId)) !== null;
}

/** A refund that came before its payment: the order can no longer grant anything. */
export async function insertRevokedGrant(
  db: Executor,
  grant: { orderId: string; userId: string | null; courseIds: number[]; revokedAt: Date },
): Promise<void> {
  await db.insert(memberGrants).values(grant).onConflictDoNothing({ target: memberGrants.orderId });
}

export async function markGrantRevoked(db: Executor, orderId: string, revokedAt: Date): Promise<void> {
  await db
    .update(memberGrants)
    .set({ revokedAt })
    .where(and(eq(memberGrants.orderId, orderId), isNull(memberGrants.revokedAt)));
}

/** Grants of the user that still stand (paid, not refunded). */
export async function countActiveGrants(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberGrants)
    .where(
      and(eq(memberGrants.userId, userId), isNotNull(memberGrants.grantedAt), isNull(memberGrants.revokedAt)),
    );
  return row?.value ?? 0;
}

export async function listGrantsOfUser(db: Executor, userId: string): Promise<MemberGrantRow[]> {
  return db.select().from(memberGrants).where(eq(memberGrants.userId, userId));
}

/** A paying member: `isMember`, `subscriptionStatus` active, `memberSince` kept if already set. */
export async function markPaidMember(
  db: Executor,
  options: { userId: string; memberSince: Date; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      isMember: true,
      subscriptionStatus: 'active',
      memberSince: sql`coalesce(${users.memberSince}, ${options.memberSince.toISOString()}::timestamptz)`,
      updatedAt: options.now,
    })
    .where(eq(users.id, options.userId));
}

/** Membership ended: the role (an admin stays admin) and `memberSince` (history) are left alone. */
export async function markMembershipEnded(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ isMember: false, subscriptionStatus: 'inactive', updatedAt: now })
    .where(eq(users.id, userId));
}
