/**
 * The auth service's tables, all inside its own Postgres schema `auth`.
 *
 * `users` carries the fields of the reference's users entity (docs/behaviour/accounts.md#the-current-user)
 * plus `role`. The reference's `passwordResetToken` / `passwordResetExpiry` live in `password_tokens`
 * instead: hashed, single use, one row per link sent. Secrets are never stored in clear: sessions and
 * password tokens are kept as the SHA-256 of a 32-byte random value the browser (or the e-mail) holds;
 * passwords as scrypt strings.
 */
import { rowTimestampColumns, timestamptz } from '@platform/service-kit/columns';
import { createServiceSchema } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The schema with the kit's outbox and inbox, the periodic jobs' schedule and claims (the kit's cleanup of
 * expired request-limit counters), and the sign-in and reset-e-mail counters (the kit's request limits),
 * shared by every replica.
 */
const kit = createServiceSchema('auth', { jobs: true, rateLimits: true });
export const { schema: authSchema, outboxEvents, inboxEvents, jobs, rateLimits } = kit;

export const USER_ROLES = ['user', 'admin'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'trial', 'cancelled'] as const;
export const PLAN_STATUSES = ['rs_pending', 'rs_active', 'regular'] as const;
export const CONSULTATION_STATUSES = ['not_started', 'in_progress', 'submitted', 'approved'] as const;
export const PASSWORD_TOKEN_PURPOSES = ['reset', 'setup'] as const;

export const users = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Unique; defaults to the e-mail's local part (with a suffix when taken). */
    username: text('username').notNull(),
    /** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`; null for accounts that only sign in through OIDC. */
    passwordHash: text('password_hash'),
    /** Always stored lower-cased, so uniqueness is case-insensitive. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    isMember: boolean('is_member').notNull().default(false),
    memberSince: timestamptz('member_since'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default('inactive'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    revenueShareConsentAt: timestamptz('revenue_share_consent_at'),
    termsVersion: text('terms_version'),
    planStatus: text('plan_status', { enum: PLAN_STATUSES }).notNull().default('regular'),
    /**
     * How many times `planStatus` or `consultationStatus` was announced (`auth.user.status-changed`): the
     * `sequence` of the last announcement (0: none yet), so consumers keep the newest change even when two
     * share a `changedAt`.
     */
    statusSequence: integer('status_sequence').notNull().default(0),
    /** When the account proved it receives mail at `email` (an e-mailed link used, a verified OIDC e-mail). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    consultationStatus: text('consultation_status', { enum: CONSULTATION_STATUSES })
      .notNull()
      .default('not_started'),
    /** `<issuer>#<sub>` of the OpenID Connect account linked to this user. */
    oidcSubject: text('oidc_subject'),
    ...rowTimestampColumns(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_oidc_subject_key').on(table.oidcSubject),
    index('users_role_idx').on(table.role),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_role_known', sql`${table.role} in ('user', 'admin')`),
    check(
      'users_subscription_status_known',
      sql`${table.subscriptionStatus} in ('active', 'inactive', 'trial', 'cancelled')`,
    ),
    check('users_plan_status_known', sql`${table.planStatus} in ('rs_pending', 'rs_active', 'regular')`),
    check(
      'users_consultation_status_known',
      sql`${table.consultationStatus} in ('not_started', 'in_progress', 'submitted', 'approved')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * A secret an account holds (a session's cookie, an e-mailed link), kept as the SHA-256 (hex) of its
 * random token, and the account it belongs to (gone with it).
 */
function userTokenColumns() {
  return {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}

/** An e-mailed link's life: made, valid until `expires_at`, and used at most once. */
function singleUseLifetimeColumns() {
  return {
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  };
}

export const sessions = authSchema.table(
  'sessions',
  {
    /** `id`: the token in the browser's cookie. */
    ...userTokenColumns(),
    createdAt: timestamptz('created_at').notNull(),
    /** Updated at most once a minute; idle expiry counts from here. */
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** Absolute expiry. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set at sign-out and when the password changes. */
    endedAt: timestamptz('ended_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

export const passwordTokens = authSchema.table(
  'password_tokens',
  {
    /** `id`: the token in the e-mailed link. */
    ...userTokenColumns(),
    purpose: text('purpose', { enum: PASSWORD_TOKEN_PURPOSES }).notNull(),
    ...singleUseLifetimeColumns(),
  },
  (table) => [
    index('password_tokens_user_id_idx').on(table.userId),
    check('password_tokens_purpose_known', sql`${table.purpose} in ('reset', 'setup')`),
  ],
);

/**
 * E-mail changes asked from the account page, one row per link sent to the new address: the SHA-256 of
 * the link's token, single use, `EMAIL_CHANGE_LINK_HOURS`. The account's `email` changes only when the
 * link is used, so the old address keeps working until the new one is proven.
 */
export const emailChanges = authSchema.table(
  'email_changes',
  {
    /** `id`: the token in the e-mailed link. */
    ...userTokenColumns(),
    /** Lower-cased, like `users.email`. */
    newEmail: text('new_email').notNull(),
    ...singleUseLifetimeColumns(),
  },
  (table) => [index('email_changes_user_id_idx').on(table.userId)],
);

/**
 * What each paid order gave an account (`payment.order.paid`), one row per order. Membership lasts while
 * at least one grant is unrevoked; a refund (`payment.order.refunded`) revokes its order's grant. A refund
 * that arrives before its payment (the two subjects are consumed independently) leaves a revoked row with
 * no `granted_at`, so the late payment grants nothing.
 */
export const memberGrants = authSchema.table(
  'member_grants',
  {
    orderId: uuid('order_id').primaryKey(),
    /** Null only for a refund recorded before its payment (and perhaps its account) arrived. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    courseIds: jsonb('course_ids').$type<number[]>().notNull().default([]),
    /** Cents paid, as the payment service reported it. */
    total: integer('total').notNull().default(0),
    /** Null only for a refund recorded before its payment arrived. */
    grantedAt: timestamptz('granted_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    index('member_grants_user_id_idx').on(table.userId),
    check(
      'member_grants_granted_or_revoked',
      sql`(${table.grantedAt} is not null and ${table.userId} is not null) or ${table.revokedAt} is not null`,
    ),
  ],
);

export type MemberGrantRow = typeof memberGrants.$inferSelect;
