import { describe, expect, it } from '@jest/globals';
import { UPLOAD_MESSAGES } from '@platform/contracts';
import { describeFileProblem, describeUploadFailure, readFileUploadAnswer } from '../lib/upload-answer';
import { summariseRun } from '../lib/run-summary';

const ok = (body: unknown) => readFileUploadAnswer(200, JSON.stringify(body), 'room.jpg');

describe('reading an upload answer', () => {
  it('counts a file as stored when the server lists its path', () => {
    expect(ok({ success: true, files: ['/api/consultation-files/abc'], rejected: [] })).toEqual({
      kind: 'stored',
      path: '/api/consultation-files/abc',
    });
  });

  it('shows the server reason for a refused file (400 with rejected)', () => {
    const outcome = readFileUploadAnswer(
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

  it('turns each failure into its §8 toast', () => {
    expect(describeUploadFailure(readFileUploadAnswer(403, '{"message":"nope"}', 'a'), 'photos')).toEqual({
      title: 'Upload Failed',
      description: 'Failed to upload photos',
    });
    expect(describeUploadFailure(ok({ unexpected: true }), 'video')).toEqual({
      title: 'Upload Error',
      description: 'Server response error',
    });
    expect(describeUploadFailure(readFileUploadAnswer(200, '<html>', 'a'), 'menu')?.title).toBe(
      'Upload Error',
    );
    expect(describeUploadFailure({ kind: 'transport', failure: 'network' }, 'menu')?.title).toBe(
      'Network Error',
    );
    expect(describeUploadFailure({ kind: 'error' }, 'menu')).toEqual({
      title: 'Upload Failed',
      description: 'An error occurred during upload',
    });
  });

  it('keeps the server message of a non-OK answer for the file row', () => {
    const outcome = readFileUploadAnswer(401, JSON.stringify({ message: UPLOAD_MESSAGES.missingToken }), 'a');
    expect(outcome).toEqual({ kind: 'failed', status: 401, message: UPLOAD_MESSAGES.missingToken });
    expect(describeFileProblem(readFileUploadAnswer(502, 'Bad Gateway', 'a'))).toBe('Upload failed (502)');
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
});
