/**
 * Signing in and out: sessions rotate, unknown addresses look like wrong passwords, guesses are refused
 * per (account, address) pair and slowed per address and per account, and nobody with the right password
 * is refused because of failures against other accounts.
 * Runs with the limits in the service's database and, when a Redis answers, in Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuthSessionSchema, AuthUserSchema } from '@platform/contracts';
import { rateLimitBackings, type RateLimitBacking } from '@platform/service-kit/testing';
import {
  announcedDuring,
  backings,
  cookieSetBy,
  HARNESS_COST,
  hashingDuring,
  PASSWORD,
  setCookieLine,
  signupBody,
  startAuth,
  uniqueAddress,
  uniqueEmail,
  type AuthUnderTest,
} from '../../__tests__/harness.js';
import { SharedBackings } from '../../__tests__/shared-backings.js';
import { SIGN_IN_SLOWED_CHANNEL } from '../log-in.js';

const INVALID = { success: false, message: 'Invalid email or password' };
const TOO_MANY = {
  success: false,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
};

/** Failures from one address (any accounts) before its attempts are slowed, in these tests. */
const ADDRESS_FREE_FAILURES = 6;
/** The longest wait, in these tests (5 s in production). */
const MAX_DELAY_MS = 40;
const ADMIN = { email: 'support.login@example.com', password: 'Support-Admin!2030' };

/** The waits the sign-in limits imposed during a request, as the sign-in announces them. */
async function slowingDuring<T>(request: () => Promise<T>): Promise<{ result: T; delays: number[] }> {
  const { result, messages } = await announcedDuring<T, { delayMs: number }>(SIGN_IN_SLOWED_CHANNEL, request);
  return { result, delays: messages.map((message) => message.delayMs) };
}

const limitStores = await rateLimitBackings('auth');
const setups = backings().flatMap((backing) =>
  limitStores.map((limits) => ({ name: `${backing.name}, limits in ${limits.name}`, backing, limits })),
);

// Both limit stores of one backing sign in against the same database, one service after the other: every
// test makes its own accounts and addresses, and the support admin's account is the same either way.
const shared = new SharedBackings();
afterAll(() => shared.cleanupAll());

describe.each(setups)('sign-in on $name', (setup) => {
  let limits: RateLimitBacking;
  let auth: AuthUnderTest;

  beforeAll(async () => {
    const backing = await shared.get(setup.backing);
    limits = setup.limits.create();
    auth = await startAuth(backing, {
      env: {
        ...limits.env,
        LOGIN_MAX_CONSECUTIVE_FAILURES: '5',
        LOGIN_SLOW_AFTER_ADDRESS_FAILURES: String(ADDRESS_FREE_FAILURES),
        LOGIN_MAX_DELAY_MS: String(MAX_DELAY_MS),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
  });

  afterAll(async () => {
    await auth?.stop();
    await limits?.cleanup();
  });

  async function signUp(email = uniqueEmail()): Promise<{ email: string; cookie: string }> {
    const response = await auth.call('/api/auth/signup', { json: signupBody(email) });
    expect(response.status).toBe(201);
    return { email, cookie: cookieSetBy(response)! };
  }

  const logIn = (email: string, password: string, options: { cookie?: string; address?: string } = {}) =>
    auth.call('/api/auth/login', { json: { email, password }, ...options });

  it('answers { success: true } with a new session id at every sign-in, and ends the one it replaces', async () => {
    const { email, cookie: fromSignup } = await signUp();
    const first = await logIn(email, PASSWORD, { cookie: fromSignup });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: 'Logged in successfully' });
    const firstCookie = cookieSetBy(first)!;
    expect(firstCookie).not.toBe(fromSignup);
    expect(await auth.whoIs(fromSignup)).toEqual({ kind: 'anonymous' });

    const second = await logIn(email.toUpperCase(), PASSWORD, { cookie: firstCookie });
    const secondCookie = cookieSetBy(second)!;
    expect(secondCookie).not.toBe(firstCookie);
    expect(await auth.whoIs(firstCookie)).toEqual({ kind: 'anonymous' });
    expect(await auth.whoIs(secondCookie)).toMatchObject({ kind: 'user', email });
    expect(setCookieLine(second)).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
  });

  it('answers a wrong password and an unknown e-mail alike (401), with the same hashing work', async () => {
    const { email } = await signUp();
    const wrong = await hashingDuring(() => logIn(email, 'Wrong-Password!1'));
    const unknown = await hashingDuring(() => logIn(uniqueEmail('nobody'), 'Wrong-Password!1'));
    for (const { result } of [wrong, unknown]) {
      expect(result.status).toBe(401);
      expect(await result.json()).toEqual(INVALID);
      expect(cookieSetBy(result)).toBeUndefined();
    }
    // One argon2id check each, at the cost real accounts are hashed with: the dummy is no cheaper.
    const expected = [{ operation: 'verify', algorithm: 'argon2id', cost: HARNESS_COST }];
    expect(wrong.work).toEqual(expected);
    expect(unknown.work).toEqual(expected);
  });

  it('refuses one address for one account after 5 failures in a row (429, Retry-After 15 minutes), even the right password, without checking it', async () => {
    const { email } = await signUp();
    const guesser = uniqueAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await logIn(email, 'Wrong-Password!1', { address: guesser })).status).toBe(401);
    }
    for (const password of ['Wrong-Password!1', PASSWORD]) {
      const blocked = await hashingDuring(() => logIn(email, password, { address: guesser }));
      expect(blocked.result.status).toBe(429);
      expect(await blocked.result.json()).toEqual(TOO_MANY);
      expect(cookieSetBy(blocked.result)).toBeUndefined();
      const retryAfter = Number(blocked.result.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(blocked.work).toEqual([]);
    }
    // The owner, from an address that did not fail, gets in; the guessing address may still try others.
    expect((await logIn(email, PASSWORD, { address: uniqueAddress() })).status).toBe(200);
    const { email: other } = await signUp();
    expect((await logIn(other, PASSWORD, { address: guesser })).status).toBe(200);
  });

  it('lets the owner in from an address that did not fail while many addresses guess at the account', async () => {
    const { email } = await signUp();
    for (let address = 0; address < 4; address += 1) {
      const guesser = uniqueAddress();
      for (let attempt = 0; attempt < 6; attempt += 1)
        await logIn(email, `Guess-${attempt}!a`, { address: guesser });
      expect((await logIn(email, PASSWORD, { address: guesser })).status).toBe(429);
    }
    expect((await logIn(email, PASSWORD, { address: uniqueAddress() })).status).toBe(200);
  });

  it('never locks the support admin out from elsewhere', async () => {
    // One address spends both its limits on the admin (and on other accounts), others guess too.
    const guesser = uniqueAddress();
    for (let attempt = 0; attempt < 6; attempt += 1)
      await logIn(ADMIN.email, `Guess-${attempt}!a`, { address: guesser });
    for (let attempt = 0; attempt < ADDRESS_FREE_FAILURES * 2; attempt += 1) {
      await logIn(uniqueEmail('guess'), 'Wrong-Password!1', { address: guesser });
    }
    for (let address = 0; address < 3; address += 1) {
      const other = uniqueAddress();
      for (let attempt = 0; attempt < 5; attempt += 1)
        await logIn(ADMIN.email, `Guess-${attempt}!b`, { address: other });
    }
    expect((await logIn(ADMIN.email, ADMIN.password, { address: guesser })).status).toBe(429);
    const admin = await logIn(ADMIN.email, ADMIN.password, { address: uniqueAddress() });
    expect(admin.status).toBe(200);
    expect(await auth.whoIs(cookieSetBy(admin))).toMatchObject({ kind: 'user', role: 'admin' });
  });

  it("a success clears that address's failures for the account, and only that address's", async () => {
    const { email } = await signUp();
    const home = uniqueAddress();
    const guesser = uniqueAddress();
    for (let attempt = 0; attempt < 4; attempt += 1)
      await logIn(email, 'Wrong-Password!1', { address: home });
    expect((await logIn(email, PASSWORD, { address: home })).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await logIn(email, 'Wrong-Password!1', { address: home })).status).toBe(401);
    }
    expect((await logIn(email, PASSWORD, { address: home })).status).toBe(200);

    // The owner signing in elsewhere does not give the guessing address a fresh count.
    for (let attempt = 0; attempt < 4; attempt += 1)
      await logIn(email, 'Wrong-Password!1', { address: guesser });
    expect((await logIn(email, PASSWORD, { address: home })).status).toBe(200);
    expect((await logIn(email, 'Wrong-Password!1', { address: guesser })).status).toBe(401);
    expect((await logIn(email, PASSWORD, { address: guesser })).status).toBe(429);
  });

  it('lets no more simultaneous guesses through than the limit', async () => {
    const { email } = await signUp();
    const guesser = uniqueAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => logIn(email, 'Wrong-Password!1', { address: guesser })),
    );
    const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('after 105 failures from one address against other accounts, an owner signing in correctly from it gets in', async () => {
    const address = uniqueAddress();
    const { email } = await signUp();
    const guessing = await slowingDuring(async () => {
      for (let attempt = 0; attempt < 105; attempt += 1) {
        expect((await logIn(uniqueEmail('guess'), 'Wrong-Password!1', { address })).status).toBe(401);
      }
    });
    // Free at first, then each failure waits twice as long as the one before, up to the cap.
    expect(guessing.delays).toHaveLength(105 - ADDRESS_FREE_FAILURES);
    expect(guessing.delays.slice(0, 3)).toEqual([250, 500, 1000].map((ms) => Math.min(ms, MAX_DELAY_MS)));
    expect(guessing.delays.every((delay) => delay > 0 && delay <= MAX_DELAY_MS)).toBe(true);
    const owner = await slowingDuring(() => logIn(email, PASSWORD, { address }));
    expect(owner.result.status).toBe(200);
    expect(await owner.result.json()).toMatchObject({ success: true });
    // Slowed like every attempt from that address, never refused.
    expect(owner.delays).toEqual([MAX_DELAY_MS]);
    // The same person from elsewhere is not slowed at all.
    const elsewhere = await slowingDuring(() => logIn(email, PASSWORD, { address: uniqueAddress() }));
    expect(elsewhere.result.status).toBe(200);
    expect(elsewhere.delays).toEqual([]);
  });

  it('slows guesses at one account spread over many addresses, and never refuses its owner', async () => {
    const { email } = await signUp();
    const guessing = await slowingDuring(async () => {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const response = await logIn(email, `Guess-${attempt}!c`, { address: uniqueAddress() });
        expect(response.status).toBe(401);
      }
    });
    // 5 free failures on one account, whatever the addresses; then every attempt on it waits.
    expect(guessing.delays).toHaveLength(3);
    const owner = await slowingDuring(() => logIn(email, PASSWORD, { address: uniqueAddress() }));
    expect(owner.result.status).toBe(200);
    expect(owner.delays).toEqual([MAX_DELAY_MS]);
  });

  it('counts an IPv6 client by its /64, so a new address per guess does not dodge the slowing', async () => {
    const network = uniqueAddress().replace(/::1$/, '');
    for (let attempt = 0; attempt < ADDRESS_FREE_FAILURES; attempt += 1) {
      const address = `${network}::${(attempt + 2).toString(16)}`;
      expect((await logIn(uniqueEmail('guess'), 'x', { address })).status).toBe(401);
    }
    const next = await slowingDuring(() =>
      logIn(uniqueEmail('guess'), 'x', { address: `${network}:0:ab:cd:ef:1` }),
    );
    expect(next.result.status).toBe(401);
    expect(next.delays).toHaveLength(1);
  });

  it("cannot be dodged by sending one's own X-Forwarded-For: the gateway's hop names the client", async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < ADDRESS_FREE_FAILURES; attempt += 1) {
      // The browser claimed some address; the gateway appended the one it saw.
      const claimed = `203.0.113.${attempt + 1}`;
      const response = await logIn(uniqueEmail('guess'), 'x', { address: `${claimed}, ${address}` });
      expect(response.status).toBe(401);
    }
    const next = await slowingDuring(() =>
      logIn(uniqueEmail('guess'), 'x', { address: `198.51.100.77, ${address}` }),
    );
    expect(next.delays).toHaveLength(1);
  });

  it('GET /api/logout ends the session, clears the cookie and goes to /', async () => {
    const { cookie } = await signUp();
    expect((await auth.call('/api/auth/user', { cookie })).status).toBe(200);
    const response = await auth.call('/api/logout', { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(setCookieLine(response)).toMatch(/^session=;.*Max-Age=0/);
    // The old cookie is dead on the server, whatever the browser does with it.
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
    const me = await auth.call('/api/auth/user', { cookie });
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ message: 'Unauthorized' });
  });

  it('a link on another site cannot sign anyone out', async () => {
    const { cookie } = await signUp();
    const response = await auth.call('/api/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(302);
    expect((await auth.whoIs(cookie)).kind).toBe('user');
  });

  it('GET /api/auth/user answers 401 { message: "Unauthorized" } to visitors and the user to members', async () => {
    const anonymous = await auth.call('/api/auth/user');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' });
    const forged = await auth.call('/api/auth/user', { cookie: 'session=' + 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    const { email, cookie } = await signUp();
    const user = AuthUserSchema.parse(await (await auth.call('/api/auth/user', { cookie })).json());
    expect(user.email).toBe(email);
    // A genuine token naming nobody this database knows (any id shape) is just unauthorized.
    for (const userId of ['7', '00000000-0000-4000-8000-000000000000']) {
      const stranger = await auth.call('/api/auth/user', {
        caller: { kind: 'user', userId, email: 'x@example.com', role: 'admin' },
      });
      expect(stranger.status).toBe(401);
      expect(await stranger.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('GET /api/auth/session answers 200 { user: null } to visitors, so pages ask without an error, and the user to members', async () => {
    const anonymous = await auth.call('/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(await anonymous.json()).toEqual({ user: null });
    const forged = await auth.call('/api/auth/session', { cookie: 'session=' + 'A'.repeat(43) });
    expect(await forged.json()).toEqual({ user: null });
    const { email, cookie } = await signUp();
    const session = AuthSessionSchema.parse(await (await auth.call('/api/auth/session', { cookie })).json());
    expect(session.user?.email).toBe(email);
    expect(session.user).toEqual(
      AuthUserSchema.parse(await (await auth.call('/api/auth/user', { cookie })).json()),
    );
    // Just signed up: not welcomed back yet; signed in again, they are.
    expect(session.user?.returning).toBe(false);
    const again = cookieSetBy(await logIn(email, PASSWORD));
    const back = AuthSessionSchema.parse(
      await (await auth.call('/api/auth/session', { cookie: again })).json(),
    );
    expect(back.user?.returning).toBe(true);
    const stranger = await auth.call('/api/auth/session', {
      caller: {
        kind: 'user',
        userId: '00000000-0000-4000-8000-000000000000',
        email: 'x@example.com',
        role: 'user',
      },
    });
    expect(await stranger.json()).toEqual({ user: null });
  });
});
