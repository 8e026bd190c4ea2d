import { describe, expect, it } from '@jest/globals';
import { memoryStorage, refusingStorage } from '../../../test/memory-storage';
import {
  ATTEMPT_KEY,
  DRAFT_KEY,
  EMPTY_BUSINESS_INFO,
  attemptFor,
  clearConsultation,
  forgetAttempt,
  readAttempt,
  saveAttempt,
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

describe('the id step 1 is sent under', () => {
  const values = {
    ...EMPTY_BUSINESS_INFO,
    businessName: 'Blue Door Hospitality',
    email: 'ana@bluedoor.com',
    phone: undefined,
  };
  let made = 0;
  const newId = () => `6f1c2d3e-4b5a-4c7d-8e9f-${String((made += 1)).padStart(12, '0')}`;

  it('is kept while the values stay the same, and new once any of them changes', () => {
    const first = attemptFor(values, null, newId);
    expect(attemptFor({ ...values }, first, newId)).toBe(first);
    const changed = attemptFor({ ...values, location: 'Denver, CO' }, first, newId);
    expect(changed.requestId).not.toBe(first.requestId);
    expect(attemptFor(values, changed, newId).requestId).not.toBe(first.requestId);
  });

  it('survives a reload of the tab, until step 1 is answered or the request completed', () => {
    const storage = memoryStorage();
    const first = attemptFor(values, readAttempt(storage), newId);
    saveAttempt(first, storage);
    expect(attemptFor(values, readAttempt(storage), newId)).toEqual(first);
    forgetAttempt(storage);
    expect(readAttempt(storage)).toBeNull();
    saveAttempt(first, storage);
    clearConsultation(storage);
    expect(readAttempt(storage)).toBeNull();
  });

  it('ignores anything kept that is not an attempt with a UUID', () => {
    const storage = memoryStorage();
    storage.setItem(ATTEMPT_KEY, JSON.stringify({ values: '[]', requestId: 'not-a-uuid' }));
    expect(readAttempt(storage)).toBeNull();
    storage.setItem(ATTEMPT_KEY, JSON.stringify({ requestId: newId() }));
    expect(readAttempt(storage)).toBeNull();
    storage.setItem(ATTEMPT_KEY, '{broken');
    expect(readAttempt(storage)).toBeNull();
  });
});
