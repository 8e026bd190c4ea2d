/**
 * `auth.user.status-changed` with the user's whole state and who they are, in the caller's transaction:
 * the course service keeps the plan and consultation status, the revenue service the owner's name.
 */
import { enqueueEvent, REQUEST_ID_HEADER, type Clock, type Executor } from '@platform/service-kit';
import { outboxEvents, type UserRow } from '../db/schema.js';

export async function announceStatus(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'planStatus' | 'consultationStatus' | 'email' | 'firstName' | 'lastName'>,
  options: { clock: Clock; causationId: string; headers: Record<string, string> },
): Promise<void> {
  const requestId = options.headers[REQUEST_ID_HEADER];
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
