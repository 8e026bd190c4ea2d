/**
 * The real auth service behind the real gateway, in this process: the browser's cookie is resolved by
 * auth, identity headers a browser invents are ignored, and cross-site writes never reach auth.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AuthUserSchema } from '@platform/contracts';
import { authService, TEST_PASSWORD_HASH_ENV, type AuthConfig } from '@platform/auth';
import { loadGatewayConfig, startGateway, type RunningGateway } from '@platform/gateway';
import { SERVICE_NAMES } from '@platform/contracts/services';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import { pino } from 'pino';
import { freePort, spoofedIdentityHeaders } from './helpers.js';

const SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Restaurant!1';

let dataDir: string;
let auth: RunningService<AuthConfig>;
let gateway: RunningGateway;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'auth-gateway-'));
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined); // the generated admin box
  try {
    auth = await startService(authService, {
      env: {
        DATA_DIR: dataDir,
        INTERNAL_TOKEN_SECRET: SECRET,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        ...TEST_PASSWORD_HASH_ENV,
      },
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
    });
  } finally {
    log.mockRestore();
  }
  // Only auth answers; every other service is a port where nothing listens.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const urls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, name === 'auth' ? auth.url : nowhere]),
  );
  gateway = await startGateway(
    loadGatewayConfig({
      ...urls,
      INTERNAL_TOKEN_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SESSION_CACHE_MS: '60000',
    }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await auth?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  if (!line) throw new Error('no session cookie');
  return line.split(';')[0]!;
}

const sameOrigin = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

async function signUp(email: string): Promise<string> {
  const response = await fetch(`${gateway.url}/api/auth/signup`, {
    method: 'POST',
    headers: sameOrigin,
    body: JSON.stringify({ firstName: 'Gia', lastName: 'Gateway', email, password: PASSWORD }),
  });
  expect(response.status).toBe(201);
  return sessionCookie(response);
}

describe('auth behind the gateway', () => {
  it('ignores identity headers and tokens a browser sends', async () => {
    const response = await fetch(`${gateway.url}/api/auth/user`, {
      headers: { ...spoofedIdentityHeaders, 'x-user-role': 'admin' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('resolves a signed-in cookie to its user', async () => {
    const email = `gia.${Date.now()}@example.com`;
    const cookie = await signUp(email);
    const response = await fetch(`${gateway.url}/api/auth/user`, {
      headers: { cookie, ...spoofedIdentityHeaders },
    });
    expect(response.status).toBe(200);
    const user = AuthUserSchema.parse(await response.json());
    expect(user).toMatchObject({ email, role: 'user', firstName: 'Gia' });
  });

  it('forgets a cookie at once when it signs out, despite the session cache', async () => {
    const cookie = await signUp(`out.${Date.now()}@example.com`);
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    const logout = await fetch(`${gateway.url}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('signing in again gives a new cookie; the old one stops working at once', async () => {
    const email = `again.${Date.now()}@example.com`;
    const first = await signUp(email);
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: first } })).status).toBe(200);
    const login = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { ...sameOrigin, cookie: first },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const second = sessionCookie(login);
    expect(second).not.toBe(first);
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: first } })).status).toBe(401);
    expect((await fetch(`${gateway.url}/api/auth/user`, { headers: { cookie: second } })).status).toBe(200);
  });

  it('refuses a cross-site sign-in or sign-up before auth sees it', async () => {
    const email = `csrf.${Date.now()}@example.com`;
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const response = await fetch(`${gateway.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ firstName: 'E', lastName: 'Vil', email, password: PASSWORD }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
    }
    // The account was never created: the same sign-up from the site itself works.
    await signUp(email);
  });
});
