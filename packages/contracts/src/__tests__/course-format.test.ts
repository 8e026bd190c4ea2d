import { describe, expect, it } from '@jest/globals';
import { formatSectionHeading, sectionTitleOf } from '../format/index.js';

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
