/** The event every new account is announced with, whichever way it was created (password or OIDC). */
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { outboxEvents, type UserRow } from '../db/schema.js';

/** Enqueues `auth.user.registered` for the new user, in the transaction that created it. */
export async function announceRegistration(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
  options: { clock: Clock; requestId?: string | undefined },
): Promise<void> {
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.user.registered',
      data: { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
      ...(options.requestId ? { headers: { [REQUEST_ID_HEADER]: options.requestId } } : {}),
    },
    { clock: options.clock },
  );
}
