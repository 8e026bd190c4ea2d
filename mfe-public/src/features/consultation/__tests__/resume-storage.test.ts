import { describe, expect, it } from '@jest/globals';
import { memoryStorage, refusingStorage } from '../../../test/memory-storage';
import {
  RESUME_KEY,
  forgetSubmission,
  readRememberedSubmission,
  rememberSubmission,
} from '../lib/resume-storage';

const DAY = 24 * 60 * 60_000;
const savedAt = new Date('2031-05-04T09:00:00.000Z');
const submission = { submissionId: 'sub-1', uploadToken: 'tok-1', businessName: 'Lopez Family Foods LLC' };

describe('the request this device remembers', () => {
  it('is offered back until it is forgotten', () => {
    const storage = memoryStorage();
    rememberSubmission(submission, savedAt, storage);
    expect(readRememberedSubmission(new Date(savedAt.getTime() + DAY), storage)).toEqual({
      ...submission,
      savedAt: savedAt.toISOString(),
    });
    forgetSubmission(storage);
    expect(readRememberedSubmission(savedAt, storage)).toBeNull();
  });

  it('is no longer offered after 30 days, like the e-mailed link', () => {
    const storage = memoryStorage();
    rememberSubmission(submission, savedAt, storage);
    expect(readRememberedSubmission(new Date(savedAt.getTime() + 30 * DAY), storage)).not.toBeNull();
    expect(readRememberedSubmission(new Date(savedAt.getTime() + 30 * DAY + 1), storage)).toBeNull();
  });

  it('ignores what is not a remembered request, and a storage that refuses to work', () => {
    const storage = memoryStorage();
    for (const raw of ['{broken', '[]', '{"submissionId":"x"}', '{"submissionId":"x","uploadToken":"t"}']) {
      storage.setItem(RESUME_KEY, raw);
      expect(readRememberedSubmission(savedAt, storage)).toBeNull();
    }
    const broken = refusingStorage();
    expect(() => rememberSubmission(submission, savedAt, broken)).not.toThrow();
    expect(readRememberedSubmission(savedAt, broken)).toBeNull();
    expect(() => forgetSubmission(broken)).not.toThrow();
  });
});
