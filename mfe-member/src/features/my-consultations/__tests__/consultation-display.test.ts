import { describe, expect, it } from '@jest/globals';
import { describeFileCounts, getResponseText } from '../lib/consultation-display';

describe('my consultations display', () => {
  it('counts photos, videos and documents with the right plural', () => {
    expect(describeFileCounts({ photos: 1, videos: 1, documents: 1 })).toBe('1 photo · 1 video · 1 document');
    expect(describeFileCounts({ photos: 3, videos: 0, documents: 2 })).toBe(
      '3 photos · 0 videos · 2 documents',
    );
  });

  it('shows a response only when it has text', () => {
    expect(getResponseText('  Move the menu board.  ')).toBe('Move the menu board.');
    expect(getResponseText('   ')).toBeNull();
    expect(getResponseText(null)).toBeNull();
    expect(getResponseText(undefined)).toBeNull();
  });
});
