/**
 * The user's `consultationStatus` follows their consultation (DECISIONS 19): step 1 saved → `in_progress`,
 * completed by the owner → `submitted`, answered by the admin → `approved`. The submission names its
 * account when the owner was signed in; otherwise the account with the submission's e-mail address is
 * the owner's. The status only ever moves forward (a second request after an approved one does not take
 * the account back to `in_progress`, which would close the sections an rs_pending plan had opened).
 * Each change is announced as `auth.user.status-changed` with the whole state, in the same transaction.
 */
import {
  enqueueEvent,
  REQUEST_ID_HEADER,
  type Logger,
  type ServiceDeps,
  type Transaction,
} from '@platform/service-kit';
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeEmail } from '../accounts/users.repository.js';
import type { AuthConfig } from '../config.js';
import { CONSULTATION_STATUSES, outboxEvents, users } from '../db/schema.js';

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
  const [changed] = await tx
    .update(users)
    .set({ consultationStatus: to, updatedAt: now })
    .where(and(account, inArray(users.consultationStatus, statusesBefore(to))))
    .returning({ id: users.id, planStatus: users.planStatus, consultationStatus: users.consultationStatus });
  if (!changed) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(account).limit(1);
    logger.debug({ to, account: exists?.id ?? null }, 'consultation status not advanced');
    return exists ? 'unchanged' : 'no-account';
  }

  const requestId = options.headers[REQUEST_ID_HEADER];
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.user.status-changed',
      data: {
        userId: changed.id,
        planStatus: changed.planStatus,
        consultationStatus: changed.consultationStatus,
        changedAt: now.toISOString(),
      },
      headers: {
        'x-causation-id': options.causationId,
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
    },
    { clock: deps.clock },
  );
  logger.info({ userId: changed.id, consultationStatus: to }, 'consultation status advanced');
  return 'advanced';
}
