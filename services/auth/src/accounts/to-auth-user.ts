/** A users row as the browser may see it: no password hash, no tokens, no payment-provider ids. */
import type { AuthUser } from '@platform/contracts';
import type { UserRow } from '../db/schema.js';

/** `returning`: the user had a session before the current one (a brand-new account has not). */
export function toAuthUser(user: UserRow, returning = false): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    isMember: user.isMember,
    memberSince: user.memberSince?.toISOString() ?? null,
    subscriptionStatus: user.subscriptionStatus,
    planStatus: user.planStatus,
    consultationStatus: user.consultationStatus,
    isPaidMember: user.isMember && user.subscriptionStatus === 'active',
    returning,
  };
}
