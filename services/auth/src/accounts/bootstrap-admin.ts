/**
 * The support admin (docs/decisions.md, 11). With ADMIN_EMAIL + ADMIN_PASSWORD: that account exists, is an
 * admin and has that password (its sessions end when the password changes). Without them, and only while no
 * admin exists at all: `admin@localhost` with a random password, printed once to the console.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { endSessionsOfUser } from '../sessions/sessions.repository.js';
import type { PasswordHasher } from './password-hash.js';
import {
  findUserByEmail,
  hasAdmin,
  insertUser,
  makeAdmin,
  replacePasswordHash,
  setPasswordHash,
} from './users.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export type AdminBootstrap = 'created' | 'updated' | 'unchanged' | 'generated' | 'exists';

export async function bootstrapAdmin(
  deps: ServiceDeps<AuthConfig>,
  passwords: PasswordHasher,
): Promise<AdminBootstrap> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.config;
  if (email && password) return ensureConfiguredAdmin(deps, passwords, email, password);
  if (await hasAdmin(deps.db)) return 'exists';

  const generated = randomPassword();
  const passwordHash = await passwords.hash(generated);
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (await hasAdmin(tx)) return 'exists' as const;
    const existing = await findUserByEmail(tx, DEFAULT_ADMIN_EMAIL);
    if (existing) {
      await makeAdmin(tx, existing.id, now);
      await setPasswordHash(tx, existing.id, passwordHash, now);
      await endSessionsOfUser(tx, existing.id, now);
    } else {
      const inserted = await insertUser(tx, {
        email: DEFAULT_ADMIN_EMAIL,
        firstName: 'Support',
        lastName: 'Admin',
        passwordHash,
        role: 'admin',
        now,
      });
      // Another replica created it at the same moment and printed its own password.
      if (!inserted) return 'exists' as const;
    }
    return 'generated' as const;
  });
  if (outcome === 'generated') printGeneratedAdmin(DEFAULT_ADMIN_EMAIL, generated);
  deps.logger.info({ email: DEFAULT_ADMIN_EMAIL, outcome }, 'support admin account');
  return outcome;
}

async function ensureConfiguredAdmin(
  deps: ServiceDeps<AuthConfig>,
  passwords: PasswordHasher,
  email: string,
  password: string,
): Promise<AdminBootstrap> {
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    const samePassword = existing.passwordHash
      ? await passwords.verify(password, existing.passwordHash)
      : false;
    // The same password hashed by an older scheme or at another cost is stored again, sessions kept.
    const rehash = samePassword && passwords.needsRehash(existing.passwordHash!);
    if (samePassword && !rehash && existing.role === 'admin') return report(deps, email, 'unchanged');
    const passwordHash = samePassword && !rehash ? null : await passwords.hash(password);
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await makeAdmin(tx, existing.id, now);
      if (passwordHash && rehash)
        await replacePasswordHash(tx, existing.id, existing.passwordHash!, passwordHash);
      else if (passwordHash) {
        await setPasswordHash(tx, existing.id, passwordHash, now);
        await endSessionsOfUser(tx, existing.id, now);
      }
    });
    return report(deps, email, 'updated');
  }
  const passwordHash = await passwords.hash(password);
  const inserted = await insertUser(deps.db, {
    email,
    firstName: 'Support',
    lastName: 'Admin',
    passwordHash,
    role: 'admin',
    now: deps.clock.now(),
  });
  // Created by another replica a moment ago: run again to make sure it matches.
  if (!inserted) return ensureConfiguredAdmin(deps, passwords, email, password);
  return report(deps, email, 'created');
}

function report(deps: ServiceDeps<AuthConfig>, email: string, outcome: AdminBootstrap): AdminBootstrap {
  deps.logger.info({ email, outcome }, 'support admin account from ADMIN_EMAIL');
  return outcome;
}

/** 24 random base64url characters plus a fixed tail that satisfies the password rules. */
function randomPassword(): string {
  return `${randomBytes(18).toString('base64url')}-Aa1!`;
}

function printGeneratedAdmin(email: string, password: string): void {
  const lines = [
    'Support admin account created (shown only this once):',
    '',
    `  email:    ${email}`,
    `  password: ${password}`,
    '',
    'Sign in at /login. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  console.log([border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n'));
}
