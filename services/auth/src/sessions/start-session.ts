/** Signs a user in: a new random session (the id always changes), replacing the one the browser had. */
import { DAY, type Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import type { AuthConfig } from '../config.js';
import { newSecretToken, hashSecretToken } from './secret-token.js';
import { endSession, insertSession } from './sessions.repository.js';

export interface StartSessionOptions {
  userId: string;
  /** The session token the request carried: that session ends (rotation on sign-in). */
  previousToken?: string | undefined;
}

/** Returns the token for the cookie; `db` is the caller's transaction when the sign-in writes more. */
export async function startSession(
  db: Executor,
  deps: { clock: Clock; config: AuthConfig },
  options: StartSessionOptions,
): Promise<string> {
  const now = deps.clock.now();
  if (options.previousToken) await endSession(db, hashSecretToken(options.previousToken), now);
  const { token, id } = newSecretToken();
  await insertSession(db, {
    id,
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.SESSION_ABSOLUTE_DAYS * DAY),
  });
  return token;
}
