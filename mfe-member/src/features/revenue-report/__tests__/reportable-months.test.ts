import { describe, expect, it } from '@jest/globals';
import { describeReportableMonths } from '../lib/reportable-months';

describe('the months to report, as the report page says them', () => {
  const plan = { firstReportableMonth: '2027-01-01' };

  it('names the first month and, until it has ended, the day it can be reported', () => {
    expect(describeReportableMonths(plan, new Date('2026-11-29T10:00:00Z'))).toEqual({
      firstMonth: 'January 2027',
      text: 'Your months to report start with January 2027, the first whole month after your 30-day implementation period. Nothing is owed for the days before it.',
      waitText: 'You can report January 2027 from February 1, 2027, once it has ended.',
    });
    expect(describeReportableMonths(plan, new Date('2027-01-31T23:59:59Z')).waitText).not.toBeNull();
  });

  it('stops saying when once the first month has ended (UTC)', () => {
    expect(describeReportableMonths(plan, new Date('2027-02-01T00:00:00Z')).waitText).toBeNull();
  });

  it('rolls a December over into the next year', () => {
    expect(
      describeReportableMonths({ firstReportableMonth: '2026-12-01' }, new Date('2026-12-05T00:00:00Z'))
        .waitText,
    ).toBe('You can report December 2026 from January 1, 2027, once it has ended.');
  });
});
