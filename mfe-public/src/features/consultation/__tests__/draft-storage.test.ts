import { describe, expect, it } from '@jest/globals';
import { memoryStorage, refusingStorage } from '../../../test/memory-storage';
import {
  DRAFT_KEY,
  EMPTY_BUSINESS_INFO,
  clearConsultation,
  getInitialBusinessInfo,
  readDraft,
  readSubmission,
  saveDraft,
  saveSubmission,
} from '../lib/draft-storage';

describe('the step 1 draft', () => {
  it('gives back what was typed, bad input included', () => {
    const storage = memoryStorage();
    saveDraft({ businessName: 'B', email: 'not-an-email', currentChallenges: 'short' }, storage);
    expect(readDraft(storage)).toEqual({
      ...EMPTY_BUSINESS_INFO,
      businessName: 'B',
      email: 'not-an-email',
      currentChallenges: 'short',
    });
  });

  it('ignores anything that is not a draft', () => {
    const storage = memoryStorage();
    expect(readDraft(storage)).toBeNull();
    storage.setItem(DRAFT_KEY, '{broken');
    expect(readDraft(storage)).toBeNull();
    storage.setItem(DRAFT_KEY, JSON.stringify({ businessName: 42, location: 'Denver, CO', extra: 'x' }));
    expect(readDraft(storage)).toEqual({ ...EMPTY_BUSINESS_INFO, location: 'Denver, CO' });
  });

  it('survives a storage that refuses to work', () => {
    const broken = refusingStorage();
    expect(() => saveDraft({ businessName: 'x' }, broken)).not.toThrow();
    expect(readDraft(broken)).toBeNull();
    expect(() => clearConsultation(broken)).not.toThrow();
  });

  it('keeps the submission for step 2 until completion clears both', () => {
    const storage = memoryStorage();
    saveDraft({ businessName: 'Blue Door' }, storage);
    saveSubmission({ submissionId: 'sub-1', uploadToken: 'tok', businessName: 'Blue Door' }, storage);
    expect(readSubmission(storage)).toEqual({
      submissionId: 'sub-1',
      uploadToken: 'tok',
      businessName: 'Blue Door',
    });
    clearConsultation(storage);
    expect(readSubmission(storage)).toBeNull();
    expect(readDraft(storage)).toBeNull();
  });

  it('starts from the signed-in user when nothing was typed in this tab', () => {
    expect(
      getInitialBusinessInfo(null, { firstName: 'Ana', lastName: 'Lopez', email: 'ana@blue.com' }),
    ).toEqual({
      ...EMPTY_BUSINESS_INFO,
      ownerName: 'Ana Lopez',
      email: 'ana@blue.com',
    });
    const draft = { ...EMPTY_BUSINESS_INFO, ownerName: 'Typed' };
    expect(getInitialBusinessInfo(draft, { firstName: 'Ana', email: 'ana@blue.com' })).toBe(draft);
  });
});
