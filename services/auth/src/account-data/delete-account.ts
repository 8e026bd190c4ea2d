/**
 * Deletes an account (docs/behaviour/accounts.md#your-data-export-and-deletion): auth's rows go (its
 * sessions with them, so every session ends) and `auth.account.deleted` is enqueued in the same
 * transaction, on which every other service erases or anonymises what it keeps (docs/decisions.md, 103).
 * The person confirms with their password; the admin needs none.
 */
import { ACCOUNT_DATA_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { erasePersonalData } from '@platform/service-kit/personal-data';
import { checkCurrentPassword } from '../account-settings/check-current-password.js';
import { findUserById } from '../accounts/users.repository.js';
import { outboxEvents } from '../db/schema.js';
import type { AuthDeps } from '../runtime.js';
import { authPersonalData } from './personal-data.js';

export async function deleteAccount(
  deps: AuthDeps,
  options:
    { userId: string; by: 'self'; password: string; address: string } | { userId: string; by: 'admin' },
): Promise<void> {
  const user = await findUserById(deps.db, options.userId);
  if (!user) {
    throw options.by === 'self'
      ? new AppError('unauthenticated', 'Unauthorized')
      : new AppError('not_found', ACCOUNT_DATA_MESSAGES.notFound);
  }
  if (user.role === 'admin') throw new AppError('forbidden', ACCOUNT_DATA_MESSAGES.adminAccount);
  if (options.by === 'self') {
    // Through the sign-in limits, as every password typed in a signed-in session.
    await checkCurrentPassword(user, {
      password: options.password,
      address: options.address,
      limits: deps.runtime.limits,
      passwords: deps.runtime.passwords,
      field: 'password',
      wrongMessage: ACCOUNT_DATA_MESSAGES.wrongPassword,
    });
  }
  const person = { userId: user.id, email: user.email };
  await deps.db.transaction(async (tx) => {
    await erasePersonalData(tx, authPersonalData, person, outboxEvents);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'auth.account.deleted',
        data: { ...person, deletedAt: deps.clock.now().toISOString(), by: options.by },
      },
      { clock: deps.clock },
    );
  });
}
