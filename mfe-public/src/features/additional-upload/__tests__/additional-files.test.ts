import { describe, expect, it } from '@jest/globals';
import { checkAdditionalFile, splitIntoRequests } from '../lib/additional-files';
import { ApiError } from '@platform/ui';
import { matchRefusals, readBatchAnswer, readBatchRefusal } from '../lib/upload-answer';

const MB = 1024 * 1024;

describe('additional files', () => {
  it('takes photos, videos, and documents (.pdf, .doc, .docx, .txt, .jpg, .jpeg, .png)', () => {
    expect(checkAdditionalFile('images', { name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkAdditionalFile('videos', { name: 'b.mp4', type: 'video/mp4', size: 10 })).toBeNull();
    for (const name of ['c.pdf', 'c.doc', 'c.docx', 'c.txt', 'c.jpg', 'c.JPEG', 'c.png'])
      expect(checkAdditionalFile('documents', { name, type: '', size: 10 })).toBeNull();
    expect(checkAdditionalFile('documents', { name: 'c.xlsx', type: '', size: 10 })).toMatch(
      /^Not an accepted document/,
    );
    expect(checkAdditionalFile('videos', { name: 'c.jpg', type: 'image/jpeg', size: 10 })).toMatch(
      /^Not a video/,
    );
  });

  it('refuses files over their limit before sending', () => {
    expect(checkAdditionalFile('documents', { name: 'big.pdf', type: '', size: 25 * MB + 1 })).toBe(
      'File is larger than the 25 MB limit',
    );
    expect(checkAdditionalFile('images', { name: 'big.jpg', type: 'image/jpeg', size: 21 * MB })).toBe(
      'File is larger than the 20 MB limit',
    );
  });

  it('sends at most 30 files per request', () => {
    const files = Array.from({ length: 65 }, (_, index) => index);
    expect(splitIntoRequests(files).map((batch) => batch.length)).toEqual([30, 30, 5]);
    expect(splitIntoRequests([])).toEqual([]);
  });

  it('reads stored and refused files from the answer', () => {
    const answer = readBatchAnswer({
      status: 200,
      body: {
        success: true,
        files: ['/api/consultation-files/1'],
        rejected: [{ fileName: 'fake.jpg', reason: 'File content is not an accepted image type' }],
      },
    });
    expect(answer).toEqual({
      kind: 'answered',
      storedCount: 1,
      rejected: [{ fileName: 'fake.jpg', reason: 'File content is not an accepted image type' }],
    });
    if (answer.kind !== 'answered') throw new Error('unreachable');
    const result = matchRefusals([{ name: 'room.jpg' }, { name: 'fake.jpg' }], answer.rejected);
    expect(result.stored).toEqual([{ name: 'room.jpg' }]);
    expect(result.refused).toEqual([
      { item: { name: 'fake.jpg' }, reason: 'File content is not an accepted image type' },
    ]);
  });

  it('treats an all-refused 400 as answered, anything else as failed', () => {
    expect(
      readBatchRefusal(
        new ApiError(
          400,
          JSON.stringify({ message: 'No files were accepted', rejected: [{ fileName: 'x', reason: 'y' }] }),
        ),
      ),
    ).toEqual({ kind: 'answered', storedCount: 0, rejected: [{ fileName: 'x', reason: 'y' }] });
    expect(
      readBatchRefusal(
        new ApiError(
          400,
          JSON.stringify({ message: 'Please select at least one file to upload.', rejected: [] }),
        ),
      ),
    ).toEqual({
      kind: 'failed',
      status: 400,
    });
    expect(readBatchRefusal(new ApiError(403, '{"message":"no"}'))).toEqual({ kind: 'failed', status: 403 });
    expect(readBatchAnswer({ status: 200, body: 'not json' })).toEqual({ kind: 'failed', status: 200 });
  });
});
