/**
 * Deleting an account (docs/behaviour/accounts.md#your-data-export-and-deletion): only with the person's
 * password, or by the admin (and nobody else) on the person's request; every session ends, the account
 * cannot sign in again, and `auth.account.deleted` is announced once.
 */
import { describe, expect, it } from '@jest/globals';
import { ACCOUNT_DATA_MESSAGES, type Caller } from '@platform/contracts';
import { backings, PASSWORD, signUpThrough, useAuth } from '../../__tests__/harness.js';

const ADMIN: Caller = { kind: 'user', userId: 'support', email: 'support@example.com', role: 'admin' };

describe.each(backings())('deleting an account on $name', (factory) => {
  const auth = useAuth(factory);

  const deletedEvents = async (userId: string) =>
    (await auth.events('auth.account.deleted')).filter((event) => event.data.userId === userId);

  it('asks for the password, refuses a wrong one changing nothing, then ends every session', async () => {
    const { email, userId, cookie } = await signUpThrough(auth);
    const other = await auth.call('/api/auth/login', { json: { email, password: PASSWORD } });
    expect(other.status).toBe(200);

    const missing = await auth.call('/api/account', { method: 'DELETE', json: {}, cookie });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: ACCOUNT_DATA_MESSAGES.passwordRequired });
    const wrong = await auth.call('/api/account', {
      method: 'DELETE',
      json: { password: 'Wrong-One!1' },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: ACCOUNT_DATA_MESSAGES.wrongPassword,
      issues: [{ path: 'password', message: ACCOUNT_DATA_MESSAGES.wrongPassword }],
    });
    expect(await auth.whoIs(cookie)).toMatchObject({ kind: 'user', userId });
    expect(await deletedEvents(userId)).toHaveLength(0);

    const visitor = await auth.call('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(visitor.status).toBe(401);

    const deleted = await auth.call('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
      cookie,
    });
    expect(deleted.status).toBe(202);
    expect(await deleted.json()).toEqual({ success: true, message: ACCOUNT_DATA_MESSAGES.deleted });
    expect(deleted.headers.get('set-cookie')).toMatch(/session=;/);
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
    const signIn = await auth.call('/api/auth/login', { json: { email, password: PASSWORD } });
    expect(signIn.status).toBe(401);
    expect((await deletedEvents(userId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ userId, email, by: 'self' }),
    ]);
  });

  it('lets only the admin delete an account on the person’s request', async () => {
    const { userId, cookie } = await signUpThrough(auth);
    const someone = await signUpThrough(auth);
    const asUser = await auth.call(`/api/admin/users/${userId}`, {
      method: 'DELETE',
      cookie: someone.cookie,
    });
    expect(asUser.status).toBe(403);
    expect(await auth.call(`/api/admin/users/${userId}`, { method: 'DELETE' })).toHaveProperty('status', 401);
    expect(await auth.whoIs(cookie)).toMatchObject({ kind: 'user', userId });

    const byAdmin = await auth.call(`/api/admin/users/${userId}`, { method: 'DELETE', caller: ADMIN });
    expect(byAdmin.status).toBe(202);
    expect(await byAdmin.json()).toEqual({ success: true, message: ACCOUNT_DATA_MESSAGES.deletedByAdmin });
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
    expect((await deletedEvents(userId)).map((event) => event.data.by)).toEqual(['admin']);

    const again = await auth.call(`/api/admin/users/${userId}`, { method: 'DELETE', caller: ADMIN });
    expect(again.status).toBe(404);
    const notAnId = await auth.call('/api/admin/users/not-an-id', { method: 'DELETE', caller: ADMIN });
    expect(notAnId.status).toBe(404);
  });
});
