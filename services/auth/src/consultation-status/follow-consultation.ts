/**
 * The user's `consultationStatus` follows their consultation (docs/decisions.md, 19): step 1 saved →
 * `in_progress`, completed by the owner → `submitted`, answered by the admin → `approved`. The submission
 * names its account when the owner was signed in; otherwise the account with the submission's e-mail address
 * is the owner's. The status only ever moves forward (a second request after an approved one does not take
 * the account back to `in_progress`, which would close the sections an rs_pending plan had opened). A
 * submitted (or approved) consultation turns an `rs_pending` plan `rs_active`. Each change is announced as
 * `auth.user.status-changed` with the whole state, in the same transaction.
 */
import type { Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizeEmail } from '../accounts/users.repository.js';
import type { AuthConfig } from '../config.js';
import { CONSULTATION_STATUSES, users } from '../db/schema.js';
import { announceStatus } from '../revenue-share/announce-status.js';

export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/** The statuses a move to `to` may replace: only earlier ones. */
export function statusesBefore(to: ConsultationStatus): ConsultationStatus[] {
  return CONSULTATION_STATUSES.slice(0, CONSULTATION_STATUSES.indexOf(to));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ConsultationOwner {
  userId: string | null;
  email: string;
}

export async function advanceConsultationStatus(
  deps: ServiceDeps<AuthConfig>,
  options: {
    tx: Transaction;
    owner: ConsultationOwner;
    to: ConsultationStatus;
    causationId: string;
    headers: Record<string, string>;
    logger: Logger;
  },
): Promise<'advanced' | 'unchanged' | 'no-account'> {
  const { tx, owner, to, logger } = options;
  const account =
    owner.userId && UUID.test(owner.userId)
      ? eq(users.id, owner.userId)
      : eq(users.email, normalizeEmail(owner.email));
  const now = deps.clock.now();
  // A submitted consultation opens every section of an rs_pending owner: the plan becomes rs_active.
  const opensPlan = to === 'submitted' || to === 'approved';
  const [changed] = await tx
    .update(users)
    .set({
      consultationStatus: to,
      ...(opensPlan && {
        planStatus: sql`case when ${users.planStatus} = 'rs_pending' then 'rs_active' else ${users.planStatus} end`,
      }),
      updatedAt: now,
    })
    .where(and(account, inArray(users.consultationStatus, statusesBefore(to))))
    .returning();
  if (!changed) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(account).limit(1);
    logger.debug({ to, account: exists?.id ?? null }, 'consultation status not advanced');
    return exists ? 'unchanged' : 'no-account';
  }

  await announceStatus(tx, changed, {
    clock: deps.clock,
    causationId: options.causationId,
    headers: options.headers,
  });
  logger.info({ userId: changed.id, consultationStatus: to }, 'consultation status advanced');
  return 'advanced';
}
