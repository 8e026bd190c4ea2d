/** Creating an account: what the form sends, what the browser gets back, what the platform hears. */
import { describe, expect, it } from '@jest/globals';
import { AuthUserSchema, SignupResponseSchema } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import {
  backings,
  cookieSetBy,
  PASSWORD,
  setCookieLine,
  signupBody,
  uniqueEmail,
  useAuth,
} from '../../__tests__/harness.js';
import { TEST_PASSWORD_HASH_ENV } from '../../config.js';
import { users } from '../../db/schema.js';

describe.each(backings())('sign-up on $name', (factory) => {
  const auth = useAuth(factory, { env: { ADMIN_EMAILS: 'Boss@Example.com, second@example.com' } });

  it('creates the account, signs it in and answers 201 with the user', async () => {
    const email = uniqueEmail('Ada.Lovelace');
    const response = await auth.call('/api/auth/signup', { json: signupBody(email) });
    expect(response.status).toBe(201);
    const body = SignupResponseSchema.parse(await response.json());
    expect(body).toEqual({
      success: true,
      message: 'Account created successfully',
      user: {
        id: expect.any(String),
        email: email.toLowerCase(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: email.toLowerCase().split('@')[0],
        profileImageUrl: null,
        role: 'user',
        isMember: false,
        memberSince: null,
        subscriptionStatus: 'inactive',
        planStatus: 'regular',
        consultationStatus: 'not_started',
        isPaidMember: false,
        // A brand-new account has had no session before this one.
        returning: false,
      },
    });
    const cookie = cookieSetBy(response);
    expect(await auth.whoIs(cookie)).toEqual({
      kind: 'user',
      userId: body.user.id,
      email: email.toLowerCase(),
      role: 'user',
    });

    const me = await auth.call('/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(AuthUserSchema.strict().parse(await me.json())).toEqual(body.user);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie (not Secure outside production)', async () => {
    const response = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
    const line = setCookieLine(response)!;
    expect(line).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/');
    expect(line).not.toContain('Secure');
    expect(line).not.toMatch(/Domain=/i);
    expect(line).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  it('refuses a second account for the same address, whatever its case (409)', async () => {
    const email = uniqueEmail('Grace');
    expect((await auth.call('/api/auth/signup', { json: signupBody(email) })).status).toBe(201);
    const again = await auth.call('/api/auth/signup', {
      json: signupBody(`  ${email.toUpperCase()} `, { firstName: 'Other' }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'An account with this email already exists' });
    expect(cookieSetBy(again)).toBeUndefined();
  });

  it('stores the address lower-cased and derives a unique username from it', async () => {
    const stamp = Date.now().toString(36);
    const first = await auth.call('/api/auth/signup', { json: signupBody(`Chef.${stamp}@One.example`) });
    const second = await auth.call('/api/auth/signup', { json: signupBody(`chef.${stamp}@two.example`) });
    const a = SignupResponseSchema.parse(await first.json()).user;
    const b = SignupResponseSchema.parse(await second.json()).user;
    expect(a.email).toBe(`chef.${stamp}@one.example`);
    expect(a.username).toBe(`chef.${stamp}`);
    expect(b.username).toMatch(new RegExp(`^chef\\.${stamp}\\d+$`));
  });

  it('gives an ADMIN_EMAILS address the admin role only once an e-mailed link proves the address', async () => {
    // Whoever signs up first with the address is not trusted with it.
    const response = await auth.call('/api/auth/signup', { json: signupBody('boss@example.com') });
    const body = SignupResponseSchema.parse(await response.json());
    expect(body.user.role).toBe('user');
    expect(await auth.whoIs(cookieSetBy(response))).toMatchObject({ role: 'user' });

    // The owner of the mailbox uses the set-password link sent to it.
    await auth.call('/api/auth/forgot-password', { json: { email: 'boss@example.com' } });
    let token: string | undefined;
    for (let waited = 0; !token && waited < 5_000; waited += 50) {
      const events = await auth.events('auth.password-reset.requested');
      token = events.find((event) => event.data.userId === body.user.id)?.data.token as string | undefined;
      if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(token).toBeDefined();
    const password = 'Owner-Proved-1!';
    const set = await auth.call('/api/auth/setup-password', {
      json: { token, password, confirmPassword: password },
    });
    expect(set.status).toBe(200);
    const login = await auth.call('/api/auth/login', { json: { email: 'boss@example.com', password } });
    expect(await auth.whoIs(cookieSetBy(login))).toMatchObject({ role: 'admin' });

    // An address not in the list stays a user after the same steps.
    const other = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
    expect(SignupResponseSchema.parse(await other.json()).user.role).toBe('user');
  });

  it('stores a salted argon2id hash at the configured cost, never the password, and never shows the hash', async () => {
    const email = uniqueEmail();
    const response = await auth.call('/api/auth/signup', { json: signupBody(email) });
    const text = await response.text();
    const [row] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
    // The harness's cheap cost (production's is checked in password-hash.test.ts).
    const cost = `m=${TEST_PASSWORD_HASH_ENV.PASSWORD_HASH_MEMORY_KIB},t=${TEST_PASSWORD_HASH_ENV.PASSWORD_HASH_ITERATIONS},p=1`;
    expect(row?.passwordHash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$${cost}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`),
    );
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(row!.passwordHash!.split('$')[5]!);
    const me = await (await auth.call('/api/auth/user', { cookie: cookieSetBy(response) })).text();
    expect(me).not.toMatch(/argon2|password/i);
  });

  it('announces auth.user.registered in the same transaction (outbox), with the request id', async () => {
    const email = uniqueEmail('Welcome');
    const response = await auth.call('/api/auth/signup', {
      json: signupBody(email, { firstName: 'Wanda' }),
      headers: { 'x-request-id': 'req-signup-1' },
    });
    const { user } = SignupResponseSchema.parse(await response.json());
    const events = await auth.events('auth.user.registered');
    const mine = events.filter((event) => event.data.userId === user.id);
    expect(mine).toEqual([
      {
        data: { userId: user.id, email: email.toLowerCase(), firstName: 'Wanda', lastName: 'Lovelace' },
        // The request's id, and its trace (docs/decisions.md, 82).
        headers: {
          'x-request-id': 'req-signup-1',
          traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
        },
      },
    ]);
  });

  it('announces nothing for a refused sign-up', async () => {
    const before = (await auth.events('auth.user.registered')).length;
    await auth.call('/api/auth/signup', { json: signupBody('not-an-address') });
    await auth.call('/api/auth/signup', { json: signupBody('boss@example.com') });
    expect((await auth.events('auth.user.registered')).length).toBe(before);
  });

  it('replaces the session the browser already had', async () => {
    const first = await auth.call('/api/auth/signup', { json: signupBody(uniqueEmail()) });
    const oldCookie = cookieSetBy(first);
    const second = await auth.call('/api/auth/signup', {
      json: signupBody(uniqueEmail()),
      cookie: oldCookie,
    });
    expect(await auth.whoIs(oldCookie)).toEqual({ kind: 'anonymous' });
    expect((await auth.whoIs(cookieSetBy(second))).kind).toBe('user');
  });
});
