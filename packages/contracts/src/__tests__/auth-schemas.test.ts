import { describe, expect, it } from '@jest/globals';
import {
  checkPasswordRules,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  SetupPasswordRequestSchema,
  SignupFormSchema,
  SignupRequestSchema,
} from '../index.js';
import type { z } from 'zod';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const validSignup = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret!1',
};

describe('auth form schemas say what the spec says', () => {
  it('login: a valid e-mail and a password', () => {
    expect(messages(LoginRequestSchema, { email: 'nope', password: '' })).toEqual([
      'Please enter a valid email address',
      'Password is required',
    ]);
    expect(LoginRequestSchema.parse({ email: '  ada@example.com ', password: 'x' }).email).toBe(
      'ada@example.com',
    );
    // The built-in support account (docs/decisions.md, 11) must be able to sign in.
    expect(messages(LoginRequestSchema, { email: 'admin@localhost', password: 'x' })).toEqual([]);
    expect(messages(LoginRequestSchema, { email: 'a b@c.d', password: 'x' })).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('sign-up: names, e-mail and the password rules, in order', () => {
    expect(messages(SignupRequestSchema, { ...validSignup, email: 'someone@localhost' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messages(SignupRequestSchema, { ...validSignup, firstName: ' ', lastName: '' })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect(messages(SignupRequestSchema, { ...validSignup, password: 'short' })).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one symbol',
    ]);
    expect(messages(SignupRequestSchema, { ...validSignup, password: 'LongEnough' })).toEqual([
      'Password must contain at least one symbol',
    ]);
    for (const symbol of '!@#$%^&*(),.?":{}|<>')
      expect(messages(SignupRequestSchema, { ...validSignup, password: `Abcdefg${symbol}` })).toEqual([]);
    expect(messages(SignupRequestSchema, { ...validSignup, password: 'Abcdefg-' })).toEqual([
      'Password must contain at least one symbol',
    ]);
  });

  it('sign-up form: "Passwords don\'t match" on the confirmation, even while another field is wrong', () => {
    const result = SignupFormSchema.safeParse({ ...validSignup, firstName: '', confirmPassword: 'other' });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['firstName', 'First name is required'],
      ['confirmPassword', "Passwords don't match"],
    ]);
    expect(messages(SignupFormSchema, { ...validSignup, confirmPassword: validSignup.password })).toEqual([]);
  });

  it('password setup: a token and 12+ characters', () => {
    expect(
      messages(SetupPasswordRequestSchema, { token: '', password: 'Short!A', confirmPassword: 'x' }),
    ).toEqual(['Token is required', 'Password must be at least 12 characters', "Passwords don't match"]);
  });

  it('forgot password: asks for the e-mail first, never answers a token', () => {
    expect(messages(ForgotPasswordRequestSchema, { email: '' })).toEqual(['Please enter your email first.']);
    expect(messages(ForgotPasswordRequestSchema, { email: 'x@' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(
      ForgotPasswordResponseSchema.safeParse({ success: true, message: 'm', resetToken: 't' }).success,
    ).toBe(false);
  });

  it('the live checklist', () => {
    expect(checkPasswordRules('Secret!1', 'Secret!1').map((rule) => [rule.label, rule.met])).toEqual([
      ['At least 8 characters', true],
      ['At least one uppercase letter', true],
      ['At least one symbol', true],
      ['Passwords match', true],
    ]);
    expect(checkPasswordRules('abc', '', 12).map((rule) => rule.met)).toEqual([false, false, false, false]);
    expect(checkPasswordRules('abc', '', 12)[0]?.label).toBe('At least 12 characters');
  });
});
