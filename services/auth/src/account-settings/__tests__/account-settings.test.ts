/** The account page's changes: name, password (current one asked, other sessions end), e-mail by link. */
import { describe, expect, it } from '@jest/globals';
import { HOUR } from '@platform/service-kit/clock';
import {
  backings,
  cookieSetBy,
  NEW_PASSWORD,
  PASSWORD,
  START,
  useClockedAuth,
  uniqueEmail,
  whileAccountHeld,
} from '../../__tests__/harness.js';

describe.each(backings())('account settings on $name', (factory) => {
  const { clock, auth, signUp } = useClockedAuth(factory);

  async function logIn(email: string, password: string) {
    const response = await auth.call('/api/auth/login', { json: { email, password } });
    return { status: response.status, cookie: cookieSetBy(response) };
  }

  async function linkFor(userId: string, newEmail: string) {
    const event = (await auth.events('auth.email-change.requested'))
      .filter((e) => e.data.userId === userId && e.data.newEmail === newEmail)
      .at(-1);
    if (!event) throw new Error('no e-mail change event');
    return String(event.data.token);
  }

  it('changes the name, and refuses an empty one with its message, changing nothing', async () => {
    const { cookie } = await signUp();
    const bad = await auth.call('/api/auth/account', {
      method: 'PATCH',
      json: { firstName: '', lastName: 'Diaz' },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'First name is required' });
    const good = await auth.call('/api/auth/account', {
      method: 'PATCH',
      json: { firstName: 'Rosalind', lastName: 'Diaz' },
      cookie,
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ firstName: 'Rosalind', lastName: 'Diaz' });
    const visitor = await auth.call('/api/auth/account', {
      method: 'PATCH',
      json: { firstName: 'A', lastName: 'B' },
    });
    expect(visitor.status).toBe(401);
  });

  it('changes the password only with the current one, and ends every other session', async () => {
    const { email, cookie } = await signUp();
    const other = await logIn(email, PASSWORD);
    expect(other.status).toBe(200);
    const change = (currentPassword: string) =>
      auth.call('/api/auth/change-password', {
        json: { currentPassword, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        cookie,
      });

    const wrong = await change('not-my-password');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      message: 'Your current password is incorrect',
      issues: [{ path: 'currentPassword', message: 'Your current password is incorrect' }],
    });
    expect((await logIn(email, PASSWORD)).status).toBe(200);
    expect((await auth.whoIs(other.cookie)).kind).toBe('user');

    const right = await change(PASSWORD);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({
      success: true,
      message: 'Your password has been changed. You were signed out everywhere else.',
    });
    expect((await auth.whoIs(cookie)).kind).toBe('user');
    expect((await auth.whoIs(other.cookie)).kind).toBe('anonymous');
    expect((await logIn(email, PASSWORD)).status).toBe(401);
    expect((await logIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a weak new password or a mismatch with one message per field', async () => {
    const { cookie } = await signUp();
    const response = await auth.call('/api/auth/change-password', {
      json: { currentPassword: PASSWORD, password: 'short', confirmPassword: 'other' },
      cookie,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ path: string }> };
    expect(body.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['password', 'confirmPassword']),
    );
  });

  it('changes the e-mail only once the link sent to the new address is used, once', async () => {
    const { email, userId, cookie } = await signUp();
    const newEmail = uniqueEmail('moved');
    const asked = await auth.call('/api/auth/change-email', {
      json: { email: newEmail.toUpperCase(), currentPassword: PASSWORD },
      cookie,
    });
    expect(asked.status).toBe(200);
    expect(((await asked.json()) as { message: string }).message).toBe(
      `We sent a link to ${newEmail}. Open it within 24 hours to confirm your new email address.`,
    );
    // Nothing changes before the link is used.
    expect((await logIn(email, PASSWORD)).status).toBe(200);
    const token = await linkFor(userId, newEmail);

    const confirms = await Promise.all(
      [1, 2].map(() => auth.call('/api/auth/confirm-email', { json: { token } })),
    );
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await logIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await logIn(email, PASSWORD)).status).toBe(401);
    const me = await auth.call('/api/auth/user', { cookie });
    expect(await me.json()).toMatchObject({ email: newEmail });
  });

  it('a password link sent to the old address stops working once the e-mail has changed', async () => {
    const { email, userId, cookie } = await signUp();
    expect((await auth.call('/api/auth/forgot-password', { json: { email } })).status).toBe(200);
    const reset = (await auth.events('auth.password-reset.requested'))
      .filter((event) => event.data.userId === userId)
      .at(-1)!;
    expect(reset.data.email).toBe(email);
    const newEmail = uniqueEmail('moved-on');
    expect(
      (
        await auth.call('/api/auth/change-email', {
          json: { email: newEmail, currentPassword: PASSWORD },
          cookie,
        })
      ).status,
    ).toBe(200);
    const token = await linkFor(userId, newEmail);
    expect((await auth.call('/api/auth/confirm-email', { json: { token } })).status).toBe(200);

    // Whoever still reads the old mailbox cannot take the account with the link sent there.
    const used = await auth.call('/api/auth/setup-password', {
      json: { token: reset.data.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(used.status).toBe(400);
    expect((await logIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await logIn(newEmail, NEW_PASSWORD)).status).toBe(401);
  });

  // Two e-mail change links of one account used at the same moment: the first moves the address and
  // retires the other, which is refused like any used link (not a deadlock's 500). PostgreSQL only: PGlite
  // runs one transaction at a time.
  if (factory.name.startsWith('PostgreSQL')) {
    it('two e-mail change links used at once: one changes the address, the other is refused', async () => {
      const { userId, cookie } = await signUp();
      const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
      for (const email of [first, second]) {
        const asked = await auth.call('/api/auth/change-email', {
          json: { email, currentPassword: PASSWORD },
          cookie,
        });
        expect(asked.status).toBe(200);
      }
      const tokens = [await linkFor(userId, first), await linkFor(userId, second)];
      const answers = await whileAccountHeld(auth, userId, () =>
        tokens.map((token) => auth.call('/api/auth/confirm-email', { json: { token } })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    });
  }

  it('refuses a taken address, a wrong password, and an expired link, changing nothing', async () => {
    const taken = await signUp();
    const { email, userId, cookie } = await signUp();
    const toTaken = await auth.call('/api/auth/change-email', {
      json: { email: taken.email, currentPassword: PASSWORD },
      cookie,
    });
    expect(toTaken.status).toBe(409);
    expect(await toTaken.json()).toEqual({ message: 'An account with this email already exists' });

    const newEmail = uniqueEmail('late');
    const wrong = await auth.call('/api/auth/change-email', {
      json: { email: newEmail, currentPassword: 'nope' },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect((await auth.events('auth.email-change.requested')).some((e) => e.data.newEmail === newEmail)).toBe(
      false,
    );

    clock.set(START);
    await auth.call('/api/auth/change-email', {
      json: { email: newEmail, currentPassword: PASSWORD },
      cookie,
    });
    const token = await linkFor(userId, newEmail);
    clock.set(new Date(START.getTime() + 25 * HOUR));
    const expired = await auth.call('/api/auth/confirm-email', { json: { token } });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      message: 'This link is invalid or has expired. Please request a new one from your account page.',
    });
    clock.set(START);
    expect((await logIn(email, PASSWORD)).status).toBe(200);
  });
});
