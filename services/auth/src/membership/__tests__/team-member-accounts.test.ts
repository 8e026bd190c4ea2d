/**
 * A staff seat's account (docs/behaviour/member-learning.md#team): `course.team.member-invited` finds the
 * invitee's account or creates one without a password, as a guest's at checkout, and announces
 * `auth.team-member.prepared` once, with a set-password link only for an account that cannot sign in yet.
 * The invitee is not made a paid member of their own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { AuthTeamMemberPreparedSchema } from '@platform/contracts';
import { envelope } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import {
  backings,
  NEW_PASSWORD,
  PASSWORD,
  signupBody,
  START,
  useAuth,
  uniqueEmail,
} from '../../__tests__/harness.js';
import { users } from '../../db/schema.js';

describe.each(backings())('team member accounts on $name', (factory) => {
  const auth = useAuth(factory);

  const invited = (email: string) =>
    envelope('course.team.member-invited', {
      seatId: randomUUID(),
      ownerId: randomUUID(),
      ownerName: 'Ana Owner',
      email,
      invitedAt: START.toISOString(),
    });

  async function preparedFor(seatId: string) {
    return (await auth.events('auth.team-member.prepared'))
      .map((row) => AuthTeamMemberPreparedSchema.parse(row.data))
      .filter((event) => event.seatId === seatId);
  }

  it('creates the account of a new address once, whose link sets a password it signs in with', async () => {
    const email = uniqueEmail('chef');
    const event = invited(email);
    await auth.deliver(event);
    await auth.deliver(event);
    const [prepared, ...more] = await preparedFor(event.data.seatId);
    expect(more).toEqual([]);
    expect(prepared).toMatchObject({ email, isNewAccount: true, ownerName: 'Ana Owner' });
    expect(prepared!.setPassword).not.toBeNull();
    const [account] = await auth.service.deps.db.select().from(users).where(eq(users.id, prepared!.userId));
    expect(account).toMatchObject({ email, passwordHash: null, isMember: false });

    const set = await auth.call('/api/auth/setup-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        token: prepared!.setPassword!.token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    });
    expect(set.status).toBe(200);
    const login = await auth.call('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: NEW_PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it('uses the account an address already has, without a link', async () => {
    const email = uniqueEmail('manager');
    const signup = await auth.call('/api/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(signupBody(email, { confirmPassword: PASSWORD })),
    });
    expect(signup.status).toBe(201);
    const event = invited(email.toUpperCase());
    await auth.deliver(event);
    const [prepared] = await preparedFor(event.data.seatId);
    const [account] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
    expect(prepared).toMatchObject({ userId: account!.id, email, isNewAccount: false, setPassword: null });
  });
});
