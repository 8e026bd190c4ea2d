/**
 * The standing rules as pure functions, at their edges: which months are to be reported, the 10 days of
 * grace, overdue and blocked by missing reports or by an unpaid verified share, and the report statuses.
 */
import { describe, expect, it } from '@jest/globals';
import {
  computeStanding,
  monthsToReport,
  reportStatusOf,
  type StandingReport,
} from '../customer-standing.js';

const at = (iso: string) => new Date(iso);
// Consent on January 5 at noon: the implementation period ends February 4 at noon; March is the first month.
const implementationEndsAt = at('2030-02-04T12:00:00.000Z');

function report(overrides: Partial<StandingReport> = {}): StandingReport {
  return {
    id: 'r',
    reportingPeriodStart: '2030-03-01',
    reportingPeriodEnd: '2030-03-31',
    verified: false,
    sharePaid: false,
    shareOwed: 1000,
    amountPaid: 0,
    dueDate: at('2030-05-01T00:00:00.000Z'),
    ...overrides,
  };
}

describe('the months to report', () => {
  it('start with the first month that begins after the implementation period', () => {
    expect(monthsToReport(implementationEndsAt, at('2030-02-28T23:59:59.999Z'))).toEqual([]);
    expect(monthsToReport(implementationEndsAt, at('2030-04-02T00:00:00.000Z')).map((m) => m.key)).toEqual([
      '2030-03',
      '2030-04',
    ]);
    // A period that ends exactly at midnight on the 1st: that month is the first.
    expect(
      monthsToReport(at('2030-03-01T00:00:00.000Z'), at('2030-03-01T00:00:00.000Z')).map((m) => m.key),
    ).toEqual(['2030-03']);
  });

  it('name the next month to report, even before it has begun', () => {
    expect(
      computeStanding({ implementationEndsAt, reports: [], now: at('2030-01-06T00:00:00Z') }).nextReport.key,
    ).toBe('2030-03');
    expect(
      computeStanding({ implementationEndsAt, reports: [report()], now: at('2030-04-02T00:00:00Z') })
        .nextReport.key,
    ).toBe('2030-04');
  });
});

describe('missing reports', () => {
  it('make the owner overdue more than 10 days after the month ended, and blocked at two', () => {
    const status = (iso: string, reports: StandingReport[] = []) =>
      computeStanding({ implementationEndsAt, reports, now: at(iso) });
    expect(status('2030-04-11T00:00:00.000Z').status).toBe('current');
    expect(status('2030-04-11T00:00:00.001Z')).toMatchObject({ status: 'overdue' });
    expect(status('2030-04-11T00:00:00.001Z').missingMonths.map((m) => m.key)).toEqual(['2030-03']);
    expect(status('2030-05-11T00:00:00.001Z').status).toBe('blocked');
    // A report that shares a day with the month counts for it.
    const partial = report({ reportingPeriodStart: '2030-03-20', reportingPeriodEnd: '2030-04-05' });
    expect(status('2030-05-11T00:00:00.001Z', [partial]).status).toBe('current');
  });
});

describe('unpaid shares', () => {
  const verified = report({ verified: true, dueDate: at('2030-05-01T00:00:00.000Z') });
  const now = (iso: string, reports: StandingReport[]) =>
    computeStanding({ implementationEndsAt, reports, now: at(iso) }).status;

  it('make the owner overdue past the due date and blocked 30 days later', () => {
    expect(now('2030-05-01T00:00:00.000Z', [verified])).toBe('current');
    expect(now('2030-05-01T00:00:00.001Z', [verified])).toBe('overdue');
    expect(now('2030-05-31T00:00:00.000Z', [{ ...verified, reportingPeriodEnd: '2030-05-31' }])).toBe(
      'overdue',
    );
    expect(now('2030-05-31T00:00:00.001Z', [{ ...verified, reportingPeriodEnd: '2030-05-31' }])).toBe(
      'blocked',
    );
  });

  it('do not count before verification, nor once paid', () => {
    expect(now('2030-05-02T00:00:00Z', [report()])).toBe('current');
    expect(now('2030-05-02T00:00:00Z', [{ ...verified, sharePaid: true, amountPaid: 1000 }])).toBe('current');
  });

  it('give each report its status', () => {
    expect(reportStatusOf(report(), at('2030-06-01T00:00:00Z'))).toBe('submitted');
    expect(reportStatusOf(verified, at('2030-04-30T00:00:00Z'))).toBe('verified');
    expect(reportStatusOf({ ...verified, amountPaid: 999 }, at('2030-05-02T00:00:00Z'))).toBe('overdue');
    expect(
      reportStatusOf({ ...verified, sharePaid: true, amountPaid: 1000 }, at('2030-06-02T00:00:00Z')),
    ).toBe('paid');
  });
});
