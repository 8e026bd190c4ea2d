/**
 * Who a session token belongs to. A session counts while it has not been ended, was used within
 * SESSION_IDLE_DAYS and is younger than SESSION_ABSOLUTE_DAYS. Use is recorded at most once a minute, so
 * the gateway's lookups do not write on every request.
 */
import type { Caller } from '@platform/contracts';
import { DAY, MINUTE, type Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import type { AuthConfig } from '../config.js';
import { hashSecretToken } from './secret-token.js';
import { findOpenSession, touchSession } from './sessions.repository.js';

const TOUCH_EVERY_MS = MINUTE;

export interface ResolveSessionOptions {
  db: Database;
  clock: Clock;
  config: AuthConfig;
  token: string | undefined;
}

export async function resolveSession(options: ResolveSessionOptions): Promise<Caller> {
  if (!options.token) return { kind: 'anonymous' };
  const found = await findOpenSession(options.db, hashSecretToken(options.token));
  if (!found) return { kind: 'anonymous' };
  const now = options.clock.now().getTime();
  const { session, user } = found;
  const idleUntil = session.lastSeenAt.getTime() + options.config.SESSION_IDLE_DAYS * DAY;
  if (now >= idleUntil || now >= session.expiresAt.getTime()) return { kind: 'anonymous' };
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await touchSession(options.db, session.id, new Date(now));
  return {
    kind: 'user',
    userId: user.id,
    email: user.email,
    role: user.role,
    ...(user.emailVerifiedAt ? { emailVerified: true } : {}),
  };
}
