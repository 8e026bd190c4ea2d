import { describe, expect, it } from '@jest/globals';
import {
  caretAfterFormat,
  centsToDollarInput,
  dollarInputToCents,
  formatDollarInput,
  readDollarDigits,
} from '../lib/money-input';

describe('money inputs', () => {
  it('groups thousands as the owner types, digits only', () => {
    expect(formatDollarInput('1')).toBe('1');
    expect(formatDollarInput('1234')).toBe('1,234');
    expect(formatDollarInput('1,2345')).toBe('12,345');
    expect(formatDollarInput('1234567')).toBe('1,234,567');
    expect(formatDollarInput('12a3b4')).toBe('1,234');
    expect(formatDollarInput('-500')).toBe('500');
    expect(formatDollarInput('')).toBe('');
    expect(formatDollarInput('abc')).toBe('');
  });

  it('drops leading zeros but keeps a single 0', () => {
    expect(formatDollarInput('0')).toBe('0');
    expect(formatDollarInput('000')).toBe('0');
    expect(formatDollarInput('0012')).toBe('12');
  });

  it('reads a pasted amount with cents as whole dollars, never as a hundred times more', () => {
    expect(formatDollarInput('$1,234.56')).toBe('1,234');
    expect(dollarInputToCents('$1,234.56')).toBe(123_400);
    expect(formatDollarInput('.99')).toBe('');
  });

  it('caps the digits at ten', () => {
    expect(readDollarDigits('123456789012')).toBe('1234567890');
    expect(formatDollarInput('123456789012')).toBe('1,234,567,890');
  });

  it('sends cents: dollars × 100, null when empty', () => {
    expect(dollarInputToCents('12,345')).toBe(1_234_500);
    expect(dollarInputToCents('0')).toBe(0);
    expect(dollarInputToCents('')).toBeNull();
    expect(dollarInputToCents(' , ')).toBeNull();
  });

  it('shows cents as whole dollars', () => {
    expect(centsToDollarInput(1_234_500)).toBe('12,345');
    expect(centsToDollarInput(99)).toBe('0');
    expect(centsToDollarInput(-5)).toBe('0');
  });

  it('keeps the caret after the same digits when separators move', () => {
    // Typing a 4th digit at the end: the caret stays at the end.
    expect(caretAfterFormat('1234', 4, '1,234')).toBe(5);
    // Typing '9' after the '1' of '1,234' → '19,234' with the caret after the 9.
    expect(caretAfterFormat('19,234', 2, '19,234')).toBe(2);
    // Deleting the '2' of '1,234' (caret after the comma) → '134' with the caret after the 1.
    expect(caretAfterFormat('1,34', 2, '134')).toBe(1);
    // A refused letter in the middle: the caret stays where it was among the digits.
    expect(caretAfterFormat('1,2x34', 4, '1,234')).toBe(3);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});
