/**
 * `auth.user.status-changed` with the user's whole state and who they are, in the caller's transaction:
 * the course service keeps the plan and consultation status, the revenue service the owner's name.
 * Each announcement takes the user's next `statusSequence` in the same transaction; every caller has
 * already updated (and so locked) the user's row, so the numbers follow the order of the changes, one
 * user at a time, whatever the clocks say.
 */
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { eq, sql } from 'drizzle-orm';
import { outboxEvents, users, type UserRow } from '../db/schema.js';

export async function announceStatus(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'planStatus' | 'consultationStatus' | 'email' | 'firstName' | 'lastName'>,
  options: { clock: Clock; causationId: string; headers: Record<string, string> },
): Promise<void> {
  const requestId = options.headers[REQUEST_ID_HEADER];
  const [numbered] = await tx
    .update(users)
    .set({ statusSequence: sql`${users.statusSequence} + 1` })
    .where(eq(users.id, user.id))
    .returning({ sequence: users.statusSequence });
  if (!numbered) throw new Error(`cannot announce the status of ${user.id}: no such user`);
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.user.status-changed',
      data: {
        userId: user.id,
        planStatus: user.planStatus,
        consultationStatus: user.consultationStatus,
        changedAt: options.clock.now().toISOString(),
        sequence: numbered.sequence,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
      },
      headers: {
        'x-causation-id': options.causationId,
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
    },
    { clock: options.clock },
  );
}
