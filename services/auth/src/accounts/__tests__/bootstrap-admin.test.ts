/** The support admin account at start-up (docs/decisions.md, 11). */
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings, cookieSetBy, startAuth, type AuthUnderTest } from '../../__tests__/harness.js';
import { users } from '../../db/schema.js';

const ADMIN_PASSWORD = 'Support-Admin!2030';

async function usersWithRole(auth: AuthUnderTest, role: 'admin' | 'user') {
  return auth.service.deps.db.select().from(users).where(eq(users.role, role));
}

async function logIn(auth: AuthUnderTest, email: string, password: string) {
  return auth.call('/api/auth/login', { json: { email, password } });
}

describe.each(backings())('admin bootstrap on $name', (factory) => {
  describe('without ADMIN_EMAIL / ADMIN_PASSWORD', () => {
    const suite = useBacking(factory);

    it('creates admin@localhost with a random password printed once, and never again', async () => {
      const first = await startAuth(suite.backing);
      let password: string;
      try {
        const box = first.printed.join('\n');
        expect(box).toContain('email:    admin@localhost');
        password = /password: (\S+)/.exec(box)?.[1] ?? '';
        expect(password.length).toBeGreaterThanOrEqual(24);
        expect(first.logs.map((line) => JSON.stringify(line)).join('\n')).not.toContain(password);
        const admins = await usersWithRole(first, 'admin');
        expect(admins.map((admin) => admin.email)).toEqual(['admin@localhost']);
        const response = await logIn(first, 'admin@localhost', password);
        expect(response.status).toBe(200);
        expect(await first.whoIs(cookieSetBy(response))).toMatchObject({
          kind: 'user',
          email: 'admin@localhost',
          role: 'admin',
        });
      } finally {
        await first.stop();
      }

      const second = await startAuth(suite.backing);
      try {
        expect(second.printed).toEqual([]);
        expect((await usersWithRole(second, 'admin')).length).toBe(1);
        expect((await logIn(second, 'admin@localhost', password)).status).toBe(200);
      } finally {
        await second.stop();
      }
    });
  });

  describe('with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const suite = useBacking(factory);

    it('creates that admin (and no random one), then keeps it in line with the settings', async () => {
      const env = { ADMIN_EMAIL: 'Support@Example.com', ADMIN_PASSWORD };
      let auth = await startAuth(suite.backing, { env });
      let cookie: string | undefined;
      try {
        expect(auth.printed).toEqual([]);
        expect((await usersWithRole(auth, 'admin')).map((admin) => admin.email)).toEqual([
          'support@example.com',
        ]);
        const response = await logIn(auth, 'support@example.com', ADMIN_PASSWORD);
        expect(response.status).toBe(200);
        cookie = cookieSetBy(response);
        expect(await auth.whoIs(cookie)).toMatchObject({ role: 'admin' });
      } finally {
        await auth.stop();
      }

      // A restart with the same settings changes nothing: the admin stays signed in.
      auth = await startAuth(suite.backing, { env });
      try {
        expect((await auth.whoIs(cookie)).kind).toBe('user');
      } finally {
        await auth.stop();
      }

      // A new password in the settings replaces the old one and ends the admin's sessions.
      const newPassword = 'Rotated-Admin!2031';
      auth = await startAuth(suite.backing, { env: { ...env, ADMIN_PASSWORD: newPassword } });
      try {
        expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
        expect((await logIn(auth, 'support@example.com', ADMIN_PASSWORD)).status).toBe(401);
        expect((await logIn(auth, 'support@example.com', newPassword)).status).toBe(200);
        expect((await usersWithRole(auth, 'admin')).length).toBe(1);
      } finally {
        await auth.stop();
      }
    });

    it('promotes an existing account named by ADMIN_EMAIL', async () => {
      let auth = await startAuth(suite.backing, {
        env: { ADMIN_EMAIL: 'support@example.com', ADMIN_PASSWORD },
      });
      const email = 'owner-turned-admin@example.com';
      try {
        const signup = await auth.call('/api/auth/signup', {
          json: { firstName: 'Olga', lastName: 'Owner', email, password: 'Restaurant!1' },
        });
        expect(signup.status).toBe(201);
      } finally {
        await auth.stop();
      }
      auth = await startAuth(suite.backing, { env: { ADMIN_EMAIL: email, ADMIN_PASSWORD } });
      try {
        const [row] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
        expect(row?.role).toBe('admin');
        expect((await logIn(auth, email, ADMIN_PASSWORD)).status).toBe(200);
      } finally {
        await auth.stop();
      }
    });
  });

  it('refuses to start with only one of ADMIN_EMAIL and ADMIN_PASSWORD, or a weak password', async () => {
    const backing = await factory.create();
    try {
      await expect(startAuth(backing, { env: { ADMIN_EMAIL: 'a@example.com' } })).rejects.toThrow(
        /ADMIN_PASSWORD is required but not set \(required when ADMIN_EMAIL is set\)/,
      );
      await expect(
        startAuth(backing, { env: { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' } }),
      ).rejects.toThrow(/ADMIN_PASSWORD: Password must be at least 12 characters/);
    } finally {
      await backing.cleanup();
    }
  });
});
