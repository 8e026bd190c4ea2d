/**
 * OpenID Connect sign-in against a real provider (oidc-provider, started here on a free port, with its
 * development login and consent pages), driven with plain HTTP like a browser that follows redirects.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import {
  backings,
  cookieSetBy,
  PASSWORD,
  setCookieLine,
  signupBody,
  startAuth,
  type AuthUnderTest,
} from '../../__tests__/harness.js';
import { SharedBackings } from '../../__tests__/shared-backings.js';
import { users } from '../../db/schema.js';

// oidc-provider announces its development defaults (and that it prefers Node 22) on the console.
for (const method of ['warn', 'info'] as const) {
  const original = console[method].bind(console);
  jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider')) original(...args);
  });
}
const { default: Provider } = await import('oidc-provider');

const SITE = 'http://site.test';
const CLIENT_ID = 'restaurant-consultant';
const CLIENT_SECRET = 'a-client-secret-for-tests-only';

interface Person {
  email: string;
  verified: boolean;
  given: string;
  family: string;
}

/** Accounts at the provider: the development login page takes the account id as "login". */
const PEOPLE: Record<string, Person> = {
  chef: { email: 'Chef@Bistro.example', verified: true, given: 'Julia', family: 'Child' },
  owner: { email: 'owner@bistro.example', verified: true, given: 'Olga', family: 'Owner' },
  unverified: { email: 'someone@bistro.example', verified: false, given: 'Sam', family: 'One' },
  boss: { email: 'boss@bistro.example', verified: true, given: 'Bo', family: 'Ss' },
};

async function startProvider(): Promise<{ issuer: string; close(): Promise<void> }> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${SITE}/api/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const person = PEOPLE[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: person.email,
          email_verified: person.verified,
          given_name: person.given,
          family_name: person.family,
          name: `${person.given} ${person.family}`,
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's cookies for the provider (paths ignored: the provider scopes them itself). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the user at the provider: follow its redirects, sign in as `account` on the login page, accept
 * the consent page, and stop at the redirect back to the site; returns that URL.
 */
async function signInAtProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { method: 'POST', body: new URLSearchParams(form).toString() } : {}),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === SITE) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    expect(response.status).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page:\n${html.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = prompt === 'login' ? { prompt, login: account, password: 'anything' } : { prompt };
  }
  throw new Error('the provider never sent the browser back');
}

// The three blocks of a backing start their services one after the other on the same database: only the
// first makes accounts, and the others look at no data.
const shared = new SharedBackings();
afterAll(() => shared.cleanupAll());

describe.each(backings())('OpenID Connect sign-in on $name', (factory) => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let auth: AuthUnderTest;

  beforeAll(async () => {
    const backing = await shared.get(factory);
    provider = await startProvider();
    auth = await startAuth(backing, {
      env: {
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        PUBLIC_BASE_URL: SITE,
        ADMIN_EMAILS: 'boss@bistro.example',
      },
    });
  });

  afterAll(async () => {
    await auth?.stop();
    await provider?.close();
  });

  /** /api/login → provider → /api/callback, as one browser; returns the callback's answer. */
  async function roundTrip(account: string, sessionCookie?: string): Promise<Response> {
    const start = await auth.call('/api/login', { cookie: sessionCookie });
    expect(start.status).toBe(302);
    const flowCookie = cookieSetBy(start, 'oidc-flow');
    expect(setCookieLine(start, 'oidc-flow')).toMatch(/HttpOnly/);
    const back = await signInAtProvider(start.headers.get('location')!, account);
    const cookie = [flowCookie, sessionCookie].filter(Boolean).join('; ');
    return auth.call(`/api/callback${back.search}`, { cookie });
  }

  it('/api/login sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const response = await auth.call('/api/login');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}`).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${SITE}/api/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    // The verifier never leaves in the URL; it sits in a signed, HttpOnly, SameSite=Lax cookie.
    const line = setCookieLine(response, 'oidc-flow')!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=600/);
  });

  it('creates the account from the verified e-mail, signs it in and goes to /dashboard', async () => {
    const callback = await roundTrip('chef');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    expect(setCookieLine(callback, 'oidc-flow')).toMatch(/Max-Age=0/);
    const cookie = cookieSetBy(callback);
    const caller = await auth.whoIs(cookie);
    expect(caller).toMatchObject({ kind: 'user', email: 'chef@bistro.example', role: 'user' });
    const me = (await (await auth.call('/api/auth/user', { cookie })).json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      email: 'chef@bistro.example',
      firstName: 'Julia',
      lastName: 'Child',
      username: 'chef',
    });
    const [row] = await auth.service.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'chef@bistro.example'));
    expect(row).toMatchObject({ passwordHash: null, oidcSubject: `${provider.issuer}#chef` });
    const registered = (await auth.events('auth.user.registered')).filter(
      (e) => e.data.email === 'chef@bistro.example',
    );
    expect(registered.map((e) => e.data)).toEqual([
      { userId: row!.id, email: 'chef@bistro.example', firstName: 'Julia', lastName: 'Child' },
    ]);

    // Again: the same account, a new session, nothing announced twice.
    const again = await roundTrip('chef', cookie);
    const second = cookieSetBy(again);
    expect(second).not.toBe(cookie);
    expect(await auth.whoIs(second)).toMatchObject({ userId: row!.id });
    expect(await auth.whoIs(cookie)).toEqual({ kind: 'anonymous' });
    expect(
      (await auth.events('auth.user.registered')).filter((e) => e.data.email === 'chef@bistro.example'),
    ).toHaveLength(1);
  });

  it('signs in to the existing password account with that e-mail, which keeps its password', async () => {
    const signup = await auth.call('/api/auth/signup', { json: signupBody('owner@bistro.example') });
    const { user } = (await signup.json()) as { user: { id: string } };
    const callback = await roundTrip('owner');
    expect(callback.headers.get('location')).toBe('/dashboard');
    expect(await auth.whoIs(cookieSetBy(callback))).toMatchObject({ userId: user.id });
    const login = await auth.call('/api/auth/login', {
      json: { email: 'owner@bistro.example', password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('gives ADMIN_EMAILS addresses the admin role', async () => {
    const callback = await roundTrip('boss');
    expect(await auth.whoIs(cookieSetBy(callback))).toMatchObject({ role: 'admin' });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const callback = await roundTrip('unverified');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=sso');
    expect(cookieSetBy(callback)).toBeUndefined();
    const rows = await auth.service.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'someone@bistro.example'));
    expect(rows).toEqual([]);
    const failure = auth.logs.filter((line) => line.msg === 'OpenID Connect sign-in failed').at(-1);
    expect(JSON.stringify(failure)).toContain('has not verified the e-mail address');
  });

  it("refuses a callback without the flow cookie, or with another flow's cookie", async () => {
    const start = await auth.call('/api/login');
    const back = await signInAtProvider(start.headers.get('location')!, 'chef');
    const bare = await auth.call(`/api/callback${back.search}`);
    expect(bare.headers.get('location')).toBe('/login?error=sso');
    expect(cookieSetBy(bare)).toBeUndefined();

    const other = await auth.call('/api/login');
    const swapped = await auth.call(`/api/callback${back.search}`, {
      cookie: cookieSetBy(other, 'oidc-flow'),
    });
    expect(swapped.headers.get('location')).toBe('/login?error=sso');
    expect(cookieSetBy(swapped)).toBeUndefined();

    const forged = cookieSetBy(start, 'oidc-flow')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const tampered = await auth.call(`/api/callback${back.search}`, { cookie: forged });
    expect(tampered.headers.get('location')).toBe('/login?error=sso');
  });

  it("turns the provider's refusal into a redirect to /login", async () => {
    const start = await auth.call('/api/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const response = await auth.call(
      `/api/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      { cookie: cookieSetBy(start, 'oidc-flow') },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=sso');
  });
});

describe.each(backings())('sign-in without a provider on $name', (factory) => {
  let auth: AuthUnderTest;

  beforeAll(async () => {
    auth = await startAuth(await shared.get(factory));
  });

  afterAll(async () => {
    await auth?.stop();
  });

  it('/api/login and /api/callback go to /login without a provider', async () => {
    for (const path of ['/api/login', '/api/callback?code=x&state=y']) {
      const response = await auth.call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login');
    }
  });
});

describe.each(backings())('an unreachable provider on $name', (factory) => {
  it('/api/login goes to /login?error=sso, never a 5xx', async () => {
    const backing = await shared.get(factory);
    const closed = await startProvider();
    await closed.close();
    const auth = await startAuth(backing, {
      env: { OIDC_ISSUER_URL: closed.issuer, OIDC_CLIENT_ID: CLIENT_ID, PUBLIC_BASE_URL: SITE },
    });
    try {
      const response = await auth.call('/api/login');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=sso');
    } finally {
      await auth.stop();
    }
  });
});
