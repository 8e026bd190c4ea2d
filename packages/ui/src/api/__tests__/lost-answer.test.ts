/** Which failures of a press may hide a press the server did (docs/decisions, 120). */
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../api-error';
import { mayHaveBeenDone } from '../lost-answer';

describe('a press that may have been done', () => {
  it('is one with no answer: the network failed or a gateway answered 5xx', () => {
    expect(mayHaveBeenDone(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayHaveBeenDone(new ApiError(502, '<html>Bad Gateway</html>'))).toBe(true);
    expect(mayHaveBeenDone(new ApiError(503, '{"message":"Busy"}'))).toBe(true);
  });

  it('is one refused as already so only where the press says a refusal can mean that', () => {
    const conflict = new ApiError(409, '{"message":"This question has already been answered"}');
    expect(mayHaveBeenDone(conflict)).toBe(false);
    expect(mayHaveBeenDone(conflict, [409])).toBe(true);
    expect(mayHaveBeenDone(new ApiError(400, '{"message":"Title is required"}'), [409])).toBe(false);
    expect(mayHaveBeenDone(new ApiError(401, '{"message":"Unauthorized"}'), [400, 409])).toBe(false);
  });
});
