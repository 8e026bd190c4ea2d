import { describe, expect, it } from '@jest/globals';
import { photoLinkName } from '../lib/photo-link-name';

describe('a photo thumbnail link', () => {
  it('is named by its position, its file and where it opens', () => {
    expect(photoLinkName(1, 5, 'patio.jpg')).toBe('Photo 2 of 5: patio.jpg (opens full size in a new tab)');
  });

  it('still has a name when the file has none', () => {
    expect(photoLinkName(0, 1, '  ')).toBe('Photo 1 of 1 (opens full size in a new tab)');
  });
});
