/** How long a sign-in lasts, what the database keeps of it, and the cookie in production. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DAY, MINUTE, SettableClock } from '@platform/service-kit/clock';
import { useBacking } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import {
  backings,
  cookieSetBy,
  PASSWORD,
  setCookieLine,
  signupBody,
  START,
  startAuth,
  useAuth,
  uniqueEmail,
} from '../../__tests__/harness.js';
import { sessions } from '../../db/schema.js';

describe.each(backings())('sessions on $name', (factory) => {
  const clock = new SettableClock(START);
  const auth = useAuth(factory, { clock });

  async function signUp(): Promise<string> {
    const response = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
    return cookieSetBy(response)!;
  }

  function sessionId(cookie: string): string {
    return createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
  }

  async function sessionRow(cookie: string) {
    const [row] = await auth.service.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(cookie)));
    return row;
  }

  it('keeps only the SHA-256 of the 32-byte token the cookie holds', async () => {
    clock.set(START);
    const cookie = await signUp();
    const token = cookie.split('=')[1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await sessionRow(cookie);
    expect(row).toMatchObject({ createdAt: START, lastSeenAt: START, endedAt: null });
    expect(row?.expiresAt).toEqual(new Date(START.getTime() + 30 * DAY));
    const [byToken] = await auth.service.deps.db.select().from(sessions).where(eq(sessions.id, token));
    expect(byToken).toBeUndefined();
  });

  it('ends after 7 days without use', async () => {
    clock.set(START);
    const cookie = await signUp();
    clock.advance(7 * DAY - MINUTE);
    expect((await auth.whoIs(cookie)).kind).toBe('user');
    // Used just now: another 7 days from here.
    clock.advance(7 * DAY - MINUTE);
    expect((await auth.whoIs(cookie)).kind).toBe('user');
    clock.advance(7 * DAY);
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
  });

  it('ends 30 days after sign-in however often it is used', async () => {
    clock.set(START);
    const cookie = await signUp();
    for (let day = 6; day < 30; day += 6) {
      clock.set(new Date(START.getTime() + day * DAY));
      expect((await auth.whoIs(cookie)).kind).toBe('user');
    }
    clock.set(new Date(START.getTime() + 30 * DAY - MINUTE));
    expect((await auth.whoIs(cookie)).kind).toBe('user');
    clock.set(new Date(START.getTime() + 30 * DAY));
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
  });

  it('records use at most once a minute', async () => {
    clock.set(START);
    const cookie = await signUp();
    clock.advance(30_000);
    await auth.whoIs(cookie);
    expect((await sessionRow(cookie))?.lastSeenAt).toEqual(START);
    clock.advance(30_000);
    await auth.whoIs(cookie);
    expect((await sessionRow(cookie))?.lastSeenAt).toEqual(new Date(START.getTime() + MINUTE));
  });

  it('answers anonymous for cookies that name no session, and for garbage', async () => {
    for (const cookie of [
      undefined,
      'session=' + 'x'.repeat(43),
      'session=%',
      'session=a;session=b',
      'other=1',
      '__Host-session=' + 'y'.repeat(43),
    ]) {
      expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
    }
  });

  it('a session lives on in its own right after the user signs in elsewhere', async () => {
    clock.set(START);
    const email = uniqueEmail();
    const signup = await auth.call('/api/auth/signup', { json: signupBody(email) });
    const other = await auth.call('/api/auth/login', { json: { email, password: PASSWORD } });
    expect((await auth.whoIs(cookieSetBy(signup))).kind).toBe('user');
    expect((await auth.whoIs(cookieSetBy(other))).kind).toBe('user');
  });
});

describe.each(backings())('the session cookie in production on $name', (factory) => {
  const suite = useBacking(factory);

  it('is __Host-session, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const auth = await startAuth(suite.backing, { env: { NODE_ENV: 'production' } });
    try {
      const response = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
      const line = setCookieLine(response, '__Host-session')!;
      expect(line).toBeDefined();
      expect(line.split('; ').slice(1).sort()).toEqual(
        ['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
      );
      const cookie = cookieSetBy(response, '__Host-session');
      expect((await auth.whoIs(cookie)).kind).toBe('user');
      // The development name means nothing here.
      expect(await auth.whoIs(cookie!.replace('__Host-session', 'session'))).toEqual({ kind: 'anonymous' });
      const logout = await auth.call('/api/logout', { cookie });
      expect(setCookieLine(logout, '__Host-session')).toMatch(/Max-Age=0.*Secure|Secure.*Max-Age=0/);
    } finally {
      await auth.stop();
    }
  });

  it('COOKIE_SECURE=false serves plain http (plain `session`, no Secure)', async () => {
    const auth = await startAuth(suite.backing, { env: { NODE_ENV: 'production', COOKIE_SECURE: 'false' } });
    try {
      const response = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
      const line = setCookieLine(response, 'session')!;
      expect(line).toContain('HttpOnly');
      expect(line).not.toContain('Secure');
    } finally {
      await auth.stop();
    }
  });
});
