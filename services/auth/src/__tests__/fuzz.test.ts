/**
 * Hostile input never makes the auth service fail: every route, fuzzed from its contract (fast-check),
 * as a visitor, a member and the admin, answers below 500 and shows no stack, SQL or path.
 */
import { describe, expect, it } from '@jest/globals';
import {
  EMAIL_MESSAGE,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  SetupPasswordRequestSchema,
  SignupRequestSchema,
  TEXT_CHARACTERS_MESSAGE,
  type Caller,
} from '@platform/contracts';
import { expectRoutesSurviveFuzzing, useBacking } from '@platform/service-kit/testing';
import {
  backings,
  cookieSetBy,
  NEW_PASSWORD,
  PASSWORD,
  signupBody,
  startAuth,
  uniqueEmail,
  type AuthUnderTest,
} from './harness.js';

describe.each(backings())('auth under fuzzed input on $name', (factory) => {
  let auth: AuthUnderTest;
  let member: Caller;
  let memberEmail: string;

  useBacking(factory, async (backing) => {
    auth = await startAuth(backing);
    memberEmail = uniqueEmail('fuzz');
    const signup = await auth.call('/api/auth/signup', { json: signupBody(memberEmail) });
    expect(signup.status).toBe(201);
    member = await auth.whoIs(cookieSetBy(signup));
    return auth;
  });

  it.each([
    ['a NUL in the first name', { firstName: 'Ada\u0000' }],
    ['a lone surrogate in the last name', { lastName: 'Love\ud800lace' }],
    ['a tab in the first name', { firstName: 'A\tda' }],
    ['a lone surrogate in the password', { password: 'Restaurant!1\udc00' }],
  ])('refuses sign-up with %s (400, the text message)', async (_name, overrides) => {
    const response = await auth.call('/api/auth/signup', {
      json: signupBody(uniqueEmail('nul'), overrides),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it('refuses sign-in and forgot-password with a NUL in the e-mail (400, the e-mail message)', async () => {
    for (const path of ['/api/auth/login', '/api/auth/forgot-password']) {
      const response = await auth.call(path, { json: { email: `${memberEmail}\u0000`, password: PASSWORD } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(EMAIL_MESSAGE);
    }
  });

  it('answers every route without a 5xx or a leak', async () => {
    await expectRoutesSurviveFuzzing(auth, {
      callers: {
        visitor: { kind: 'anonymous' },
        member,
        admin: { kind: 'user', userId: 'admin-fuzz', email: 'admin@localhost', role: 'admin' },
      },
      send: (caller, pathname, init) => auth.call(pathname, { ...init, caller }),
      numRuns: 40,
      minRoutes: 9,
      contracts: {
        // Each valid sign-up or sign-in hashes a password (a few hundred milliseconds): fewer runs.
        'POST /api/auth/signup': {
          body: SignupRequestSchema,
          examples: [signupBody(uniqueEmail('fuzz-example'))],
          numRuns: 25,
        },
        'POST /api/auth/login': {
          body: LoginRequestSchema,
          examples: [{ email: memberEmail, password: PASSWORD }],
          numRuns: 25,
        },
        // Every answer waits a fixed 400 ms on purpose.
        'POST /api/auth/forgot-password': {
          body: ForgotPasswordRequestSchema,
          examples: [{ email: memberEmail }],
          numRuns: 12,
        },
        'POST /api/auth/setup-password': {
          body: SetupPasswordRequestSchema,
          examples: [{ token: 'x'.repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
        },
      },
    });
  }, 300_000);
});
