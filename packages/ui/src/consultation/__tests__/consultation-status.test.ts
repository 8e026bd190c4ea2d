import { describe, expect, it } from '@jest/globals';
import {
  STATUS_TONE_CLASSES,
  formatConsultationDate,
  getStatusLabel,
  getStatusTone,
  sortNewestFirst,
} from '../consultation-status';

describe('consultation status display (admin page and my consultations)', () => {
  it('colours the status pending yellow, in review blue, completed green, cancelled red, else grey', () => {
    expect(getStatusTone('pending')).toBe('yellow');
    expect(getStatusTone('in_review')).toBe('blue');
    expect(getStatusTone('completed')).toBe('green');
    expect(getStatusTone('cancelled')).toBe('red');
    expect(getStatusTone('archived')).toBe('grey');
    expect(getStatusTone('')).toBe('grey');
    expect(STATUS_TONE_CLASSES.yellow).toContain('bg-warning');
    expect(STATUS_TONE_CLASSES.blue).toContain('bg-blue-');
    expect(STATUS_TONE_CLASSES.green).toContain('bg-success');
    expect(STATUS_TONE_CLASSES.red).toContain('bg-destructive');
    expect(STATUS_TONE_CLASSES.grey).toContain('bg-secondary');
  });

  it('names each status in words', () => {
    expect(getStatusLabel('pending')).toBe('Pending');
    expect(getStatusLabel('in_review')).toBe('In Review');
    expect(getStatusLabel('completed')).toBe('Completed');
    expect(getStatusLabel('cancelled')).toBe('Cancelled');
    expect(getStatusLabel('on_hold')).toBe('on hold');
  });

  it('lists the newest submission first and undated ones last', () => {
    const list = [
      { id: 'a', submittedAt: '2026-01-01T10:00:00.000Z' },
      { id: 'b', submittedAt: null },
      { id: 'c', submittedAt: '2026-03-01T10:00:00.000Z' },
      { id: 'd', submittedAt: '2026-02-01T10:00:00.000Z' },
    ];
    expect(sortNewestFirst(list).map((item) => item.id)).toEqual(['c', 'd', 'a', 'b']);
    // The input is left as it was.
    expect(list.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("writes dates in the reader's locale and time zone, and nothing for a missing date", () => {
    expect(formatConsultationDate('2026-03-01T23:30:00.000Z', 'en-US', 'UTC')).toBe('Mar 1, 2026, 11:30 PM');
    expect(formatConsultationDate('2026-03-01T23:30:00.000Z', 'en-US', 'Asia/Tokyo')).toBe(
      'Mar 2, 2026, 8:30 AM',
    );
    expect(formatConsultationDate('2026-03-01T23:30:00.000Z', 'de-DE', 'UTC')).toBe('01.03.2026, 23:30');
    expect(formatConsultationDate(null)).toBeNull();
    expect(formatConsultationDate('not a date')).toBeNull();
  });
});
