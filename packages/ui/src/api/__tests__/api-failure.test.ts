import { describe, expect, it } from '@jest/globals';
import { pickFieldIssues, readApiFailure } from '../api-failure';

describe('reading a failed answer', () => {
  it('reads the status and the server message from an apiRequest error', () => {
    const error = new Error('401: {"success":false,"message":"Invalid email or password"}');
    expect(readApiFailure(error)).toEqual({ status: 401, message: 'Invalid email or password', issues: [] });
  });

  it('keeps field issues from a validation answer', () => {
    const body = JSON.stringify({
      message: 'Invalid request',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }, { path: 3 }],
    });
    expect(readApiFailure(new Error(`400: ${body}`))).toEqual({
      status: 400,
      message: 'Invalid request',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('has no message for a body that is not JSON or has none', () => {
    expect(readApiFailure(new Error('502: Bad Gateway'))).toEqual({ status: 502, message: null, issues: [] });
    expect(readApiFailure(new Error('500: {"message":"  "}'))?.message).toBeNull();
    expect(readApiFailure(new Error('500: null'))?.message).toBeNull();
  });

  it('returns null for a network failure or anything else', () => {
    expect(readApiFailure(new TypeError('Failed to fetch'))).toBeNull();
    expect(readApiFailure('401: nope')).toBeNull();
  });
});

describe('field issues', () => {
  it('keeps the first issue of each known field only', () => {
    const issues = [
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'email', message: 'second' },
      { path: 'role', message: 'not a form field' },
      { path: 'password', message: 'Password is required' },
    ];
    expect(pickFieldIssues(issues, ['email', 'password'] as const)).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });
});
