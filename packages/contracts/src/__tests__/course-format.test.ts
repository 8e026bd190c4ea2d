import { describe, expect, it } from '@jest/globals';
import {
  formatDuration,
  formatSectionHeading,
  sectionTitleOf,
  totalDurationSeconds,
} from '../format/index.js';

describe('section names as pages show them', () => {
  it('names a section with a real title by its number and title', () => {
    expect(formatSectionHeading(4, 'Customer Service Excellence')).toBe(
      'Section 4: Customer Service Excellence',
    );
    expect(sectionTitleOf(4, 'Customer Service Excellence')).toBe('Customer Service Excellence');
  });

  it('names a section without a real title once, never "Section 3: Section 3"', () => {
    expect(formatSectionHeading(3, 'Section 3')).toBe('Section 3');
    expect(formatSectionHeading(3, '  section  3 ')).toBe('Section 3');
    expect(formatSectionHeading(3, '')).toBe('Section 3');
    expect(sectionTitleOf(3, 'Section 3')).toBeNull();
  });

  it('keeps a title that names another number, which is a real title', () => {
    expect(formatSectionHeading(2, 'Section 3')).toBe('Section 2: Section 3');
  });
});

describe('lengths as pages show them', () => {
  it('writes one length one way: m:ss, h:mm:ss from an hour', () => {
    expect(formatDuration(12)).toBe('0:12');
    expect(formatDuration(425)).toBe('7:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(12.4)).toBe('0:12');
  });

  it('shows nothing for a length that is not known, never a made-up one', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });

  it('adds up the known lengths only', () => {
    expect(
      totalDurationSeconds([{ durationSeconds: 12 }, { durationSeconds: null }, { durationSeconds: 48 }]),
    ).toBe(60);
    expect(totalDurationSeconds([{ durationSeconds: null }])).toBeNull();
  });
});
