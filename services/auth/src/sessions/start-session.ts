/** Signs a user in: a new random session (the id always changes), replacing the one the browser had. */
import { DAY, type Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import type { AuthConfig } from '../config.js';
import { newSecretToken, hashSecretToken } from './secret-token.js';
import { endSession, insertSession } from './sessions.repository.js';

export interface StartSessionOptions {
  db: Executor;
  clock: Clock;
  config: AuthConfig;
  userId: string;
  /** The session token the request carried: that session ends (rotation on sign-in). */
  previousToken?: string | undefined;
}

/** Returns the token for the cookie. */
export async function startSession(options: StartSessionOptions): Promise<string> {
  const now = options.clock.now();
  if (options.previousToken) await endSession(options.db, hashSecretToken(options.previousToken), now);
  const { token, id } = newSecretToken();
  await insertSession(options.db, {
    id,
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + options.config.SESSION_ABSOLUTE_DAYS * DAY),
  });
  return token;
}
