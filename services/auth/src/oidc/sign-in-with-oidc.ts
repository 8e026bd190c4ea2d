/**
 * After a verified OpenID Connect sign-in: the user linked to that provider account, else the account
 * with the verified e-mail (now linked), else a new account (announced as `auth.user.registered`); then a
 * new session.
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { announceRegistration } from '../accounts/announce-registration.js';
import {
  findUserByEmail,
  findUserByOidcSubject,
  insertUser,
  linkOidcSubject,
  markEmailVerified,
} from '../accounts/users.repository.js';
import { startSession } from '../sessions/start-session.js';
import type { OidcIdentity } from './oidc-client.js';

export async function signInWithOidc(
  deps: ServiceDeps<AuthConfig>,
  options: { identity: OidcIdentity; previousToken: string | undefined },
): Promise<{ userId: string; token: string; created: boolean }> {
  const { identity } = options;
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    let created = false;
    let user = await findUserByOidcSubject(tx, identity.subject);
    if (!user) {
      const byEmail = await findUserByEmail(tx, identity.email);
      if (byEmail) {
        if (!byEmail.oidcSubject) await linkOidcSubject(tx, byEmail.id, identity.subject, now);
        user = byEmail;
      }
    }
    if (!user) {
      const inserted = await insertUser(tx, {
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        passwordHash: null,
        role: deps.config.ADMIN_EMAILS.includes(identity.email) ? 'admin' : 'user',
        oidcSubject: identity.subject,
        now,
      });
      // Lost a race with another sign-in of the same person: that one created it.
      user = inserted ?? (await findUserByOidcSubject(tx, identity.subject));
      if (!user) throw new Error('the account could not be created');
      if (inserted) {
        created = true;
        await announceRegistration(tx, inserted, { clock: deps.clock });
      }
    }
    // Sign-in requires the provider's email_verified: the address is proven.
    await markEmailVerified(tx, user.id, now);
    const token = await startSession(tx, deps, { userId: user.id, previousToken: options.previousToken });
    return { userId: user.id, token, created };
  });
  return result;
}
