import { describe, expect, it } from '@jest/globals';
import {
  ApiError,
  getApiErrorStatus,
  getServerMessage,
  pickFieldIssues,
  showFieldIssues,
} from '../api-error';
import { UploadTransportError, settleUploadAnswer } from '../send-with-progress';

describe('reading a refused answer', () => {
  it('keeps only well-formed field issues', () => {
    const body = JSON.stringify({
      message: 'Invalid request',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }, { path: 3 }, null],
    });
    expect(new ApiError(400, body).issues).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
  });

  it('has no server message for a blank one, a JSON body without one, or a body that is not JSON', () => {
    expect(new ApiError(500, '{"message":"  "}').serverMessage).toBeNull();
    expect(new ApiError(500, 'null').serverMessage).toBeNull();
    expect(new ApiError(502, '<html>Bad Gateway</html>')).toMatchObject({
      serverMessage: null,
      body: '<html>Bad Gateway</html>',
      message: '502: <html>Bad Gateway</html>',
    });
    expect(new ApiError(400, '{"message":" Invalid token "}').serverMessage).toBe('Invalid token');
  });

  it('gives a status and server words only for an API error, not for a network failure', () => {
    const refused = new ApiError(403, '{"message":"Forbidden"}');
    expect(getApiErrorStatus(refused)).toBe(403);
    expect(getServerMessage(refused)).toBe('Forbidden');
    for (const other of [
      new TypeError('Failed to fetch'),
      new Error('403: {"message":"Forbidden"}'),
      '403',
    ]) {
      expect(getApiErrorStatus(other)).toBeNull();
      expect(getServerMessage(other)).toBeNull();
    }
  });
});

describe('an upload’s answer', () => {
  it('resolves an OK answer with its parsed body', () => {
    expect(settleUploadAnswer(201, '{"files":["/a"]}')).toEqual({ status: 201, body: { files: ['/a'] } });
    expect(settleUploadAnswer(200, '<html>')).toEqual({ status: 200, body: '<html>' });
  });

  it('rejects any other answer with the same ApiError as apiRequest', () => {
    const body =
      '{"message":"No files were accepted","rejected":[{"fileName":"a.jpg","reason":"not an image"}]}';
    let thrown: unknown;
    try {
      settleUploadAnswer(400, body, 'Bad Request');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      status: 400,
      serverMessage: 'No files were accepted',
      body: { rejected: [{ fileName: 'a.jpg', reason: 'not an image' }] },
    });
    expect(() => settleUploadAnswer(413, '', 'Payload Too Large')).toThrow('413: Payload Too Large');
    expect(new UploadTransportError('timeout')).not.toBeInstanceOf(ApiError);
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

  it("shows a 400's field issues through the form, and says whether it showed any", () => {
    const shown: string[] = [];
    const show = (field: string, message: string) => shown.push(`${field}: ${message}`);
    const refusal = new ApiError(
      400,
      JSON.stringify({
        message: 'Reason is required',
        issues: [{ path: 'reason', message: 'Reason is required' }],
      }),
    );
    expect(showFieldIssues(refusal, ['agreedAt', 'reason'] as const, show)).toBe(true);
    expect(shown).toEqual(['reason: Reason is required']);
    // Nothing for the form: another field, another status, or no answer at all.
    expect(showFieldIssues(refusal, ['agreedAt'] as const, show)).toBe(false);
    expect(showFieldIssues(new ApiError(500, '{}'), ['reason'] as const, show)).toBe(false);
    expect(showFieldIssues(new Error('offline'), ['reason'] as const, show)).toBe(false);
    expect(shown).toHaveLength(1);
  });
});
