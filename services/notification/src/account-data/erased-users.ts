/**
 * Accounts erased, by id (docs/behaviour/accounts.md#your-data-export-and-deletion): recorded when
 * `auth.account.deleted` arrives, beside the kit's erasure of the person's rows, so that an event about the
 * account that arrives later (another service sent it before it heard of the deletion) queues no e-mail
 * and writes no row naming the person again.
 */
import { rowExists, type Executor } from '@platform/service-kit/db';
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { NotificationConfig } from '../config.js';
import { erasedUsers } from '../db/schema.js';

export function erasedUserSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'auth.account.deleted',
    name: 'erased-users',
    handler: async (event, { tx }) => {
      await tx
        .insert(erasedUsers)
        .values({ userId: event.data.userId, erasedAt: deps.clock.now() })
        .onConflictDoNothing();
    },
  });
}

/** Whether the account was erased (nothing is sent about it any more). */
export async function isErasedUser(db: Executor, userId: string): Promise<boolean> {
  return rowExists(db, erasedUsers, eq(erasedUsers.userId, userId));
}
