/** Signing in and out: sessions rotate, unknown addresses look like wrong passwords, guesses are limited. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuthUserSchema } from '@platform/contracts';
import {
  backings,
  cookieSetBy,
  PASSWORD,
  setCookieLine,
  signupBody,
  startAuth,
  uniqueAddress,
  uniqueEmail,
  type AuthUnderTest,
  type Backing,
} from '../../__tests__/harness.js';

const INVALID = { success: false, message: 'Invalid email or password' };
const TOO_MANY = {
  success: false,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
};

/** The fastest of a path's runs: its own cost, without the waits other suites on the same cores add. */
function fastest(values: number[]): number {
  return Math.min(...values);
}

describe.each(backings())('sign-in on $name', (factory) => {
  let backing: Backing;
  let auth: AuthUnderTest;

  beforeAll(async () => {
    backing = await factory.create();
    auth = await startAuth(backing, {
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '8' },
    });
  });

  afterAll(async () => {
    await auth?.stop();
    await backing?.cleanup();
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

  it('answers a wrong password and an unknown e-mail alike (401), in about the same time', async () => {
    const { email } = await signUp();
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      let started = performance.now();
      const a = await logIn(email, 'Wrong-Password!1');
      wrong.push(performance.now() - started);
      started = performance.now();
      const b = await logIn(uniqueEmail('nobody'), 'Wrong-Password!1');
      unknown.push(performance.now() - started);
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(await a.json()).toEqual(INVALID);
      expect(await b.json()).toEqual(INVALID);
      expect(cookieSetBy(a)).toBeUndefined();
      expect(cookieSetBy(b)).toBeUndefined();
    }
    // Both pay for one scrypt hash (hundreds of ms); a lookup alone would be a few ms. Compared by each
    // path's fastest run, since other suites may be hashing on the same cores during any single one.
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.6);
    expect(fastest(unknown)).toBeLessThan(fastest(wrong) * 1.6);
  });

  it('blocks an account after 5 failed attempts (429, Retry-After about 15 minutes), from any address', async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await logIn(email, 'Wrong-Password!1')).status).toBe(401);
    }
    for (const password of ['Wrong-Password!1', PASSWORD]) {
      const blocked = await logIn(email, password);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual(TOO_MANY);
      expect(cookieSetBy(blocked)).toBeUndefined();
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
  });

  it("a successful sign-in clears the account's failures", async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < 4; attempt += 1) await logIn(email, 'Wrong-Password!1');
    expect((await logIn(email, PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await logIn(email, 'Wrong-Password!1')).status).toBe(401);
    }
    expect((await logIn(email, PASSWORD)).status).toBe(200);
  });

  it('blocks a client address that keeps failing across accounts, and only that address', async () => {
    const address = uniqueAddress();
    const { email } = await signUp();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await logIn(uniqueEmail('guess'), 'Wrong-Password!1', { address })).status).toBe(401);
    }
    const blocked = await logIn(email, PASSWORD, { address });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The same person from elsewhere still gets in.
    expect((await logIn(email, PASSWORD, { address: uniqueAddress() })).status).toBe(200);
  });

  it("cannot be dodged by sending one's own X-Forwarded-For: the gateway's hop names the client", async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      // The browser claimed some address; the gateway appended the one it saw.
      const claimed = `203.0.113.${attempt + 1}`;
      const response = await logIn(uniqueEmail('guess'), 'x', { address: `${claimed}, ${address}` });
      expect(response.status).toBe(401);
    }
    expect((await logIn(uniqueEmail('guess'), 'x', { address: `198.51.100.77, ${address}` })).status).toBe(
      429,
    );
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
});
