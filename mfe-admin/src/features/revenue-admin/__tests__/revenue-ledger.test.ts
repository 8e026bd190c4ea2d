import { describe, expect, it } from '@jest/globals';
import { REVENUE_ADMIN_MESSAGES } from '@platform/contracts';
import { MONEY_INPUT_MESSAGES, formatMoneyInput } from '@platform/contracts/format';
import {
  chartByMonth,
  daysOutstanding,
  daysOutstandingLabel,
  formatWholeDollars,
  outstandingBadgeVariant,
  overdueCustomers,
  pendingReports,
  unpaidReports,
} from '../lib/ledger';
import { BaselineFormSchema, markPaidFormSchema } from '../lib/ledger-forms';
import { formatPeriod } from '../lib/report-period';
import { BASELINE_REQUIRED } from '../lib/revenue-admin-copy';
import { adminReport, revenueCustomer } from './ledger-rows';

describe('revenue admin: the tabs', () => {
  const unverified = adminReport();
  const verified = adminReport({ verified: true, status: 'verified', createdAt: '2030-03-10T00:00:00.000Z' });
  const older = adminReport({ verified: true, status: 'overdue', createdAt: '2030-01-02T00:00:00.000Z' });
  const paid = adminReport({
    verified: true,
    sharePaid: true,
    status: 'paid',
    amountPaid: 100_000,
    amountDue: 0,
  });

  it('puts unverified reports under Pending Reports', () => {
    expect(pendingReports([verified, unverified, paid])).toEqual([unverified]);
  });

  it('puts verified, unpaid reports under Unpaid Revenue, the longest outstanding first', () => {
    expect(unpaidReports([verified, unverified, paid, older])).toEqual([older, verified]);
  });

  it('lists overdue and blocked customers under Overdue, the blocked first, and nobody current', () => {
    const current = revenueCustomer({ id: 'a' });
    const overdue = revenueCustomer({ id: 'b', status: 'overdue' });
    const blocked = revenueCustomer({ id: 'c', status: 'blocked' });
    expect(overdueCustomers([current, overdue, blocked]).map((c) => c.id)).toEqual(['c', 'b']);
    expect(overdueCustomers([current])).toEqual([]);
  });

  it('uses the empty states the contract gives', () => {
    expect([
      REVENUE_ADMIN_MESSAGES.noPendingReports,
      REVENUE_ADMIN_MESSAGES.noPendingPayments,
      REVENUE_ADMIN_MESSAGES.noCustomers,
      REVENUE_ADMIN_MESSAGES.noOverdue,
    ]).toEqual([
      'No pending reports to review',
      'No pending payments',
      'No revenue share customers yet',
      'All customers are up to date!',
    ]);
  });
});

describe('revenue admin: days outstanding', () => {
  const submitted = adminReport({ createdAt: '2030-03-03T10:00:00.000Z' });

  it('counts whole days since the report was submitted', () => {
    expect(daysOutstanding(submitted, new Date('2030-03-03T10:00:00.000Z'))).toBe(0);
    expect(daysOutstanding(submitted, new Date('2030-03-04T09:59:59.999Z'))).toBe(0);
    expect(daysOutstanding(submitted, new Date('2030-03-04T10:00:00.000Z'))).toBe(1);
    expect(daysOutstanding(submitted, new Date('2030-04-05T12:00:00.000Z'))).toBe(33);
    // A clock behind the server's never shows a negative count.
    expect(daysOutstanding(submitted, new Date('2030-03-01T00:00:00.000Z'))).toBe(0);
  });

  it('colours the badge: over 30 days destructive, over 15 default, otherwise secondary', () => {
    expect(outstandingBadgeVariant(0)).toBe('secondary');
    expect(outstandingBadgeVariant(15)).toBe('secondary');
    expect(outstandingBadgeVariant(16)).toBe('default');
    expect(outstandingBadgeVariant(30)).toBe('default');
    expect(outstandingBadgeVariant(31)).toBe('destructive');
    expect(daysOutstandingLabel(1)).toBe('1 day outstanding');
    expect(daysOutstandingLabel(12)).toBe('12 days outstanding');
  });
});

describe('revenue admin: the chart by month', () => {
  const now = new Date('2030-03-15T12:00:00.000Z');

  it('covers the 12 months up to this one, oldest first, with empty months at 0', () => {
    const months = chartByMonth([], now);
    expect(months.map((month) => month.month)).toEqual([
      '2029-04',
      '2029-05',
      '2029-06',
      '2029-07',
      '2029-08',
      '2029-09',
      '2029-10',
      '2029-11',
      '2029-12',
      '2030-01',
      '2030-02',
      '2030-03',
    ]);
    expect(months[0]).toEqual({ month: '2029-04', label: 'Apr 2029', owed: 0, collected: 0 });
    expect(months.every((month) => month.owed === 0 && month.collected === 0)).toBe(true);
  });

  it('adds up the shares owed and collected by the month each report starts in', () => {
    const months = chartByMonth(
      [
        adminReport({ reportingPeriodStart: '2030-02-01', shareOwed: 100_000, amountPaid: 40_000 }),
        adminReport({
          reportingPeriodStart: '2030-02-10',
          reportingPeriodEnd: '2030-03-05',
          shareOwed: 5_000,
        }),
        adminReport({
          reportingPeriodStart: '2029-04-01',
          reportingPeriodEnd: '2029-04-30',
          shareOwed: 7,
          amountPaid: 7,
        }),
        // Too old (13 months back) and not yet possible (next month): left out.
        adminReport({ reportingPeriodStart: '2029-03-01', reportingPeriodEnd: '2029-03-31', shareOwed: 999 }),
        adminReport({ reportingPeriodStart: '2030-04-01', reportingPeriodEnd: '2030-04-30', shareOwed: 999 }),
      ],
      now,
    );
    const byMonth = Object.fromEntries(months.map((month) => [month.month, [month.owed, month.collected]]));
    expect(byMonth['2030-02']).toEqual([105_000, 40_000]);
    expect(byMonth['2029-04']).toEqual([7, 7]);
    expect(byMonth['2030-03']).toEqual([0, 0]);
    expect(months.reduce((sum, month) => sum + month.owed, 0)).toBe(105_007);
  });

  it('counts months in UTC, across a year boundary', () => {
    const months = chartByMonth([], new Date('2031-01-01T00:30:00.000Z'));
    expect(months[0]!.month).toBe('2030-02');
    expect(months[11]).toMatchObject({ month: '2031-01', label: 'Jan 2031' });
  });
});

describe('revenue admin: figures as shown', () => {
  it('writes the monthly recurring revenue in whole dollars', () => {
    expect(formatWholeDollars(11_164)).toBe('$112');
    expect(formatWholeDollars(123_456_789)).toBe('$1,234,568');
    expect(formatWholeDollars(0)).toBe('$0');
  });

  it('writes a period as the days reported', () => {
    expect(formatPeriod({ reportingPeriodStart: '2030-02-01', reportingPeriodEnd: '2030-02-28' })).toBe(
      'Feb 1 – Feb 28, 2030',
    );
    expect(formatPeriod({ reportingPeriodStart: '2029-12-15', reportingPeriodEnd: '2030-01-14' })).toBe(
      'Dec 15, 2029 – Jan 14, 2030',
    );
  });
});

describe('revenue admin: the forms', () => {
  it('Mark Paid takes a part of what is owed, and refuses nothing, zero and more than is owed', () => {
    const schema = markPaidFormSchema(60_000);
    expect(schema.parse({ amount: '400' })).toEqual({ amount: 40_000 });
    expect(schema.parse({ amount: '600.00' })).toEqual({ amount: 60_000 });
    const message = (amount: string) => schema.safeParse({ amount }).error?.issues[0]?.message;
    expect(message('')).toBe(REVENUE_ADMIN_MESSAGES.amountPositive);
    expect(message('0.00')).toBe(REVENUE_ADMIN_MESSAGES.amountPositive);
    expect(message('600.01')).toBe('The amount is more than the $600.00 still owed on this report');
  });

  it('Mark Paid takes dollars and cents as typed, prefilled the standard way, and refuses what it cannot read', () => {
    const schema = markPaidFormSchema(80_000);
    expect(schema.parse({ amount: formatMoneyInput(80_000) })).toEqual({ amount: 80_000 });
    expect(schema.parse({ amount: '300.25' })).toEqual({ amount: 30_025 });
    expect(schema.parse({ amount: '$0.29' })).toEqual({ amount: 29 });
    const message = (amount: string) => schema.safeParse({ amount }).error?.issues[0]?.message;
    expect(message('3,00')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(message('300.255')).toBe(MONEY_INPUT_MESSAGES.tooManyDecimals);
    expect(message('300 dollars')).toBe(MONEY_INPUT_MESSAGES.invalid);
    expect(message('-300')).toBe(REVENUE_ADMIN_MESSAGES.amountPositive);
  });

  it('Correct baseline takes 0 or more dollars and needs a reason', () => {
    expect(BaselineFormSchema.parse({ baselineNetRevenue: '4,500', reason: '  Tax return  ' })).toEqual({
      baselineNetRevenue: 450_000,
      reason: 'Tax return',
    });
    expect(BaselineFormSchema.parse({ baselineNetRevenue: '0', reason: 'Typo' }).baselineNetRevenue).toBe(0);
    expect(
      BaselineFormSchema.parse({ baselineNetRevenue: '3500.75', reason: 'Typo' }).baselineNetRevenue,
    ).toBe(350_075);
    expect(
      BaselineFormSchema.safeParse({ baselineNetRevenue: '3.500,75', reason: 'Typo' }).error?.issues[0]
        ?.message,
    ).toBe(MONEY_INPUT_MESSAGES.invalid);
    const issues = BaselineFormSchema.safeParse({ baselineNetRevenue: '', reason: ' ' }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['baselineNetRevenue', BASELINE_REQUIRED],
      ['reason', REVENUE_ADMIN_MESSAGES.reasonRequired],
    ]);
    expect(
      BaselineFormSchema.safeParse({ baselineNetRevenue: '1', reason: 'x'.repeat(501) }).error?.issues[0]
        ?.message,
    ).toBe(REVENUE_ADMIN_MESSAGES.reasonTooLong);
  });
});
