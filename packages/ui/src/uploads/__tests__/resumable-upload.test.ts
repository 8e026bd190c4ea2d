import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@platform/ui';
import { UploadTransportError } from '@platform/ui/upload-progress';
import { shouldRetry, toUploadError } from '../resumable-upload';

/** A failure as tus-js-client reports it: with the server's answer, or none (the connection dropped). */
function failure(status?: number, body = '', statusText = '') {
  return {
    message: 'tus: failed',
    originalResponse:
      status === undefined
        ? null
        : {
            getStatus: () => status,
            getBody: () => body,
            getHeader: () => undefined,
            getUnderlyingObject: () => ({ statusText }),
          },
  } as unknown as Parameters<typeof toUploadError>[0];
}

describe('resumable upload helper', () => {
  it('turns a refusal into the ApiError every call rejects with, status text included', () => {
    const error = toUploadError(
      failure(
        415,
        '{"message":"The file is not an accepted video (MP4, MOV or WebM)"}',
        'Unsupported Media Type',
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      statusText: 'Unsupported Media Type',
      serverMessage: 'The file is not an accepted video (MP4, MOV or WebM)',
    });
  });

  it('turns a failure without an answer into a network failure', () => {
    const error = toUploadError(failure());
    expect(error).toBeInstanceOf(UploadTransportError);
    expect((error as UploadTransportError).kind).toBe('network');
    expect(toUploadError(failure(0))).toBeInstanceOf(UploadTransportError);
  });

  it('retries lost connections and server trouble while online, never refusals or while offline', () => {
    expect(shouldRetry(failure(), true)).toBe(true);
    expect(shouldRetry(failure(502), true)).toBe(true);
    expect(shouldRetry(failure(423), true)).toBe(true);
    expect(shouldRetry(failure(409), true)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415])
      expect(shouldRetry(failure(status), true)).toBe(false);
    // Offline, the helper waits for the network instead of spending its retries.
    expect(shouldRetry(failure(), false)).toBe(false);
  });
});
