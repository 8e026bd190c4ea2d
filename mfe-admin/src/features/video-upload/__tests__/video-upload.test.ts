import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@platform/ui';
import { UploadTransportError } from '@platform/ui/upload-progress';
import {
  IDLE,
  ServerResponseError,
  VIDEO_UPLOAD_COPY,
  describeUploadFailure,
  isVideoFile,
  reduceVideoUpload,
} from '../lib/video-upload';

const result = {
  success: true as const,
  uploadId: 'lv-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  lessonId: null,
  file: {
    originalName: 'walkthrough.mp4',
    size: 2048,
    path: 'lesson-0123456789abcdef01234567.mp4',
    url: '/api/video-stream/lesson-0123456789abcdef01234567.mp4',
    contentType: 'video/mp4',
  },
};

describe('video upload page rules', () => {
  it('takes video files only', () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'video/quicktime' })).toBe(true);
    expect(isVideoFile({ type: 'application/pdf' })).toBe(false);
    expect(isVideoFile({ type: '' })).toBe(false);
  });

  it('goes idle → uploading with a percentage → success, and back to idle', () => {
    let state = reduceVideoUpload(IDLE, { type: 'start', total: 2048 });
    expect(state).toEqual({ phase: 'uploading', loaded: 0, total: 2048, percent: 0, transfer: 'uploading' });
    state = reduceVideoUpload(state, { type: 'progress', loaded: 1024, total: 2048 });
    expect(state).toMatchObject({ phase: 'uploading', percent: 50 });
    state = reduceVideoUpload(state, { type: 'transfer', transfer: 'waiting-for-network' });
    expect(state).toMatchObject({ percent: 50, transfer: 'waiting-for-network' });
    state = reduceVideoUpload(state, { type: 'succeeded', result });
    expect(state).toEqual({ phase: 'success', result });
    // Progress reported late changes nothing once it is over.
    expect(reduceVideoUpload(state, { type: 'progress', loaded: 1, total: 2 })).toBe(state);
    expect(reduceVideoUpload(state, { type: 'reset' })).toEqual(IDLE);
  });

  it('words each failure as the spec does, keeping the server’s reason apart', () => {
    const refused = new ApiError(
      415,
      JSON.stringify({ message: 'The file is not an accepted video (MP4, MOV or WebM)' }),
      'Unsupported Media Type',
    );
    expect(describeUploadFailure(refused)).toEqual({
      message: 'Upload failed: 415 Unsupported Media Type',
      detail: 'The file is not an accepted video (MP4, MOV or WebM)',
      canRetry: false,
    });
    // An answer without a status text (HTTP/2) still names the status.
    expect(describeUploadFailure(new ApiError(413, '{"message":"Too large"}'))).toEqual({
      message: 'Upload failed: 413 Payload Too Large',
      detail: 'Too large',
      canRetry: false,
    });
    // Server trouble may pass: the same file can be tried again.
    expect(describeUploadFailure(new ApiError(599, ''))).toEqual({
      message: 'Upload failed: 599',
      detail: null,
      canRetry: true,
    });
    expect(describeUploadFailure(new UploadTransportError('network'))).toEqual({
      message: 'Network error during upload',
      detail: null,
      canRetry: true,
    });
    expect(describeUploadFailure(new UploadTransportError('timeout'))).toEqual({
      message: 'Upload timeout - file may be too large or connection too slow',
      detail: null,
      canRetry: true,
    });
    expect(describeUploadFailure(new ServerResponseError('not a stored video'))).toEqual({
      message: VIDEO_UPLOAD_COPY.serverResponseError,
      detail: null,
      canRetry: true,
    });
    expect(VIDEO_UPLOAD_COPY.serverResponseError).toBe('Server response error');
    // The admin's own cancel is no failure.
    expect(describeUploadFailure(new UploadTransportError('aborted'))).toBeNull();
  });
});
