import { describe, expect, it } from '@jest/globals';
import { EMAIL_DATE, formatDate, formatDateTime, formatMoney, parseInstant } from '../format/index.js';

describe('money as pages and e-mails show it', () => {
  it('shows cents as US dollars with 2 decimals', () => {
    expect([69_700, 159_700, 697, 0, 5].map(formatMoney)).toEqual([
      '$697.00',
      '$1,597.00',
      '$6.97',
      '$0.00',
      '$0.05',
    ]);
  });

  it('groups thousands the en-US way and keeps the sign', () => {
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(-29_600)).toBe('-$296.00');
    // The same text as en-US's currency format, for every kind of amount.
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [
      0, 1, 7, 99, 100, 2_999, 69_700, 159_700, 99_999_999, 100_000_000_000, -1, -29_600,
    ]) {
      expect({ cents, text: formatMoney(cents) }).toEqual({ cents, text: usd.format(cents / 100) });
    }
  });
});

describe('dates as pages and e-mails show them', () => {
  const instant = '2026-03-01T23:30:00.000Z';

  it('writes e-mail dates in en-US and UTC, whatever the offset they came with', () => {
    expect(formatDate('2030-03-31T23:30:00-05:00', EMAIL_DATE)).toBe('April 1, 2030');
    expect(formatDate(new Date('2030-03-01T10:00:00.000Z'), EMAIL_DATE)).toBe('March 1, 2030');
  });

  it('writes a day in the numeric, medium or long style of the locale and time zone asked for', () => {
    expect(formatDate(instant, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 1, 2026');
    expect(formatDate(instant, { style: 'long', locale: 'en-US', timeZone: 'UTC' })).toBe('March 1, 2026');
    expect(formatDate(instant, { style: 'numeric', locale: 'en-US', timeZone: 'UTC' })).toBe('3/1/2026');
    expect(formatDate(instant, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Mar 2, 2026');
    expect(formatDate(instant, { style: 'long', locale: 'de-DE', timeZone: 'UTC' })).toBe('1. März 2026');
  });

  it('writes a day and time, with or without the year', () => {
    expect(formatDateTime(instant, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 1, 2026, 11:30 PM');
    expect(formatDateTime(instant, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Mar 2, 2026, 8:30 AM');
    expect(formatDateTime(instant, { locale: 'de-DE', timeZone: 'UTC' })).toBe('01.03.2026, 23:30');
    expect(formatDateTime(instant, { withYear: false, locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Mar 1, 11:30 PM',
    );
  });

  it('matches what the browser writes by default for the reader', () => {
    const date = new Date(instant);
    expect(formatDate(instant, { style: 'numeric' })).toBe(date.toLocaleDateString());
    expect(formatDate(instant, { locale: 'en-US' })).toBe(
      date.toLocaleDateString('en-US', { dateStyle: 'medium' }),
    );
  });

  it('gives back text that is not a date as it came, and reads no instant from it', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(parseInstant('not a date')).toBeNull();
    expect(parseInstant(null)).toBeNull();
    expect(parseInstant('')).toBeNull();
    expect(parseInstant(instant)?.toISOString()).toBe(instant);
  });
});
