/**
 * Every form message of docs/behaviour/accounts.md#validation-messages comes back from the API word for word
 * (400, first message).
 */
import { describe, expect, it } from '@jest/globals';
import { backings, PASSWORD, signupBody, useAuth } from '../../__tests__/harness.js';

const SIGNUP_CASES: Array<[string, Record<string, unknown>, string]> = [
  ['an empty first name', { firstName: '  ' }, 'First name is required'],
  ['no first name', { firstName: undefined }, 'First name is required'],
  ['an empty last name', { lastName: '' }, 'Last name is required'],
  ['an invalid e-mail', { email: 'ada@' }, 'Please enter a valid email address'],
  ['an e-mail without a domain dot', { email: 'ada@example' }, 'Please enter a valid email address'],
  ['a short password', { password: 'Ab!cdef' }, 'Password must be at least 8 characters'],
  [
    'no uppercase letter',
    { password: 'restaurant!1' },
    'Password must contain at least one uppercase letter',
  ],
  ['no symbol', { password: 'Restaurant1' }, 'Password must contain at least one symbol'],
];

const SETUP_CASES: Array<[string, Record<string, unknown>, string]> = [
  ['no token', { token: '' }, 'Token is required'],
  [
    'a short password',
    { password: 'Short!Pass1', confirmPassword: 'Short!Pass1' },
    'Password must be at least 12 characters',
  ],
  [
    'no uppercase letter',
    { password: 'lowercase-only!', confirmPassword: 'lowercase-only!' },
    'Password must contain at least one uppercase letter',
  ],
  [
    'no symbol',
    { password: 'NoSymbolsHere12', confirmPassword: 'NoSymbolsHere12' },
    'Password must contain at least one symbol',
  ],
  ['a different confirmation', { confirmPassword: 'Something-Else!1' }, "Passwords don't match"],
];

describe.each(backings())('form validation on $name', (factory) => {
  const auth = useAuth(factory);

  async function expectMessage(path: string, json: unknown, message: string) {
    const response = await auth.call(path, { json });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: unknown[] };
    expect(body.message).toBe(message);
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
  }

  it.each(SIGNUP_CASES)('sign-up with %s: %s', async (_case, overrides, message) => {
    await expectMessage('/api/auth/signup', signupBody('ada@example.com', overrides), message);
  });

  it('sign-up with nothing at all names the first field', async () => {
    await expectMessage('/api/auth/signup', {}, 'First name is required');
  });

  it('login: a valid e-mail and a password are required', async () => {
    await expectMessage(
      '/api/auth/login',
      { email: 'nope', password: PASSWORD },
      'Please enter a valid email address',
    );
    await expectMessage(
      '/api/auth/login',
      { email: 'ada@example.com', password: '' },
      'Password is required',
    );
    await expectMessage('/api/auth/login', { email: 'ada@example.com' }, 'Password is required');
  });

  it('forgot password: the e-mail first, then a valid one', async () => {
    await expectMessage('/api/auth/forgot-password', { email: '' }, 'Please enter your email first.');
    await expectMessage('/api/auth/forgot-password', {}, 'Please enter your email first.');
    await expectMessage(
      '/api/auth/forgot-password',
      { email: 'x y@z' },
      'Please enter a valid email address',
    );
  });

  it.each(SETUP_CASES)('password setup with %s: %s', async (_case, overrides, message) => {
    await expectMessage(
      '/api/auth/setup-password',
      {
        token: 'some-token',
        password: 'Long-Enough-Pass!',
        confirmPassword: 'Long-Enough-Pass!',
        ...overrides,
      },
      message,
    );
  });

  it('a body that is not JSON is a 400, never a 500', async () => {
    const response = await auth.call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body is not valid JSON' });
    const form = await auth.call('/api/auth/signup', { method: 'POST', body: 'firstName=Ada' });
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({ message: 'First name is required' });
  });
});
