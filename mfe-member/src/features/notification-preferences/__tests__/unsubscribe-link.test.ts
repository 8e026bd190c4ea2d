import { describe, expect, it } from '@jest/globals';
import { nudgeKindOf } from '../lib/unsubscribe-link';

describe('unsubscribe link', () => {
  it('reads the kinds of e-mail we send, and nothing else', () => {
    expect(nudgeKindOf('section-unlocked')).toBe('section-unlocked');
    expect(nudgeKindOf('inactivity')).toBe('inactivity');
    expect(nudgeKindOf('everything')).toBeNull();
    expect(nudgeKindOf(null)).toBeNull();
  });
});
