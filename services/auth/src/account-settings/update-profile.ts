/** Changes a signed-in person's first and last name. */
import type { UpdateProfileRequest } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { AuthConfig } from '../config.js';
import { users } from '../db/schema.js';

export async function updateProfile(
  deps: ServiceDeps<AuthConfig>,
  options: { userId: string; request: UpdateProfileRequest },
): Promise<void> {
  const { firstName, lastName } = options.request;
  await deps.db
    .update(users)
    .set({ firstName, lastName, updatedAt: deps.clock.now() })
    .where(eq(users.id, options.userId));
}
