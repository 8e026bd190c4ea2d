import { describe, expect, it } from '@jest/globals';
import { UPLOAD_MESSAGES } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import {
  describeFileProblem,
  describeUploadFailure,
  readFileUploadAnswer,
  readFileUploadRefusal,
  readResumableUploadAnswer,
  readResumableUploadRefusal,
} from '../lib/upload-answer';
import { summariseRun } from '../lib/run-summary';

const ok = (body: unknown) => readFileUploadAnswer({ status: 200, body }, 'room.jpg');
const refused = (status: number, bodyText: string, fileName = 'a') =>
  readFileUploadRefusal(new ApiError(status, bodyText), fileName);

describe('reading an upload answer', () => {
  it('counts a file as stored when the server lists its path', () => {
    expect(ok({ success: true, files: ['/api/consultation-files/abc'], rejected: [] })).toEqual({
      kind: 'stored',
      path: '/api/consultation-files/abc',
    });
  });

  it('shows the server reason for a refused file (400 with rejected)', () => {
    const outcome = refused(
      400,
      JSON.stringify({
        message: 'No files were accepted',
        rejected: [{ fileName: 'room.jpg', reason: 'File content is not an accepted image type' }],
      }),
      'room.jpg',
    );
    expect(outcome).toEqual({ kind: 'refused', reason: 'File content is not an accepted image type' });
    expect(describeFileProblem(outcome)).toBe('File content is not an accepted image type');
  });

  it('turns each failure into its toast', () => {
    expect(describeUploadFailure(refused(403, '{"message":"nope"}'), 'photos')).toEqual({
      title: 'Upload Failed',
      description: 'Failed to upload photos',
    });
    expect(describeUploadFailure(ok({ unexpected: true }), 'video')).toEqual({
      title: 'Upload Error',
      description: 'Server response error',
    });
    expect(describeUploadFailure(ok('<html>'), 'menu')?.title).toBe('Upload Error');
    expect(describeUploadFailure({ kind: 'transport', failure: 'network' }, 'menu')?.title).toBe(
      'Network Error',
    );
    expect(describeUploadFailure({ kind: 'error' }, 'menu')).toEqual({
      title: 'Upload Failed',
      description: 'An error occurred during upload',
    });
  });

  it('keeps the server message of a non-OK answer for the file row', () => {
    const outcome = refused(401, JSON.stringify({ message: UPLOAD_MESSAGES.missingToken }));
    expect(outcome).toEqual({ kind: 'failed', status: 401, message: UPLOAD_MESSAGES.missingToken });
    expect(describeFileProblem(refused(502, 'Bad Gateway'))).toBe('Upload failed (502)');
    expect(refused(400, JSON.stringify({ message: 'Please select a file', rejected: [] }))).toEqual({
      kind: 'failed',
      status: 400,
      message: 'Please select a file',
    });
  });
});

describe('the toast after a run of uploads', () => {
  const stored = { kind: 'stored', path: null } as const;

  it('says Files Uploaded Successfully when all were stored', () => {
    expect(
      summariseRun('photos', [
        { name: 'a.jpg', outcome: stored },
        { name: 'b.jpg', outcome: stored },
      ]),
    ).toEqual({
      title: 'Files Uploaded Successfully',
      description: '2 files uploaded.',
      variant: 'success',
    });
  });

  it('still succeeds when some were stored and the rest refused, naming the refused', () => {
    const summary = summariseRun('photos', [
      { name: 'a.jpg', outcome: stored },
      { name: 'fake.jpg', outcome: { kind: 'refused', reason: 'not an image' } },
    ]);
    expect(summary?.title).toBe('Files Uploaded Successfully');
    expect(summary?.description).toContain('fake.jpg');
  });

  it('fails with the first problem otherwise, and says nothing for a cancelled run', () => {
    expect(
      summariseRun('video', [{ name: 'v.mp4', outcome: { kind: 'failed', status: 500, message: null } }]),
    ).toEqual({ title: 'Upload Failed', description: 'Failed to upload video', variant: 'destructive' });
    expect(
      summariseRun('video', [{ name: 'v.mp4', outcome: { kind: 'transport', failure: 'aborted' } }]),
    ).toBeNull();
    expect(summariseRun('video', [])).toBeNull();
  });

  it('reads a resumable upload’s answer: the stored file, or the server’s reason for refusing it', () => {
    const stored = {
      success: true,
      uploadId: 'cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      submissionId: 'abc',
      kind: 'videos',
      file: {
        originalName: 'walkthrough.mp4',
        size: 1000,
        path: '/api/consultation-files/cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
        contentType: 'video/mp4',
      },
    };
    expect(readResumableUploadAnswer({ status: 200, body: stored })).toEqual({
      kind: 'stored',
      path: '/api/consultation-files/cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    });
    expect(readResumableUploadAnswer({ status: 200, body: '' })).toEqual({ kind: 'bad-response' });
    const notVideo = 'File content is not an accepted video (MP4, MOV, WebM) type';
    expect(readResumableUploadRefusal(new ApiError(415, JSON.stringify({ message: notVideo })))).toEqual({
      kind: 'refused',
      reason: notVideo,
    });
    expect(
      readResumableUploadRefusal(
        new ApiError(413, JSON.stringify({ message: 'File is larger than the 2 GB limit' })),
      ),
    ).toEqual({ kind: 'refused', reason: 'File is larger than the 2 GB limit' });
    expect(readResumableUploadRefusal(new ApiError(403, '{"message":"Access denied"}'))).toEqual({
      kind: 'failed',
      status: 403,
      message: 'Access denied',
    });
  });
});
