import { describe, expect, it } from '@jest/globals';
import { REVENUE_ADMIN_MESSAGES, type AdminRevenueReport } from '@platform/contracts';
import {
  agreedBeforeConsent,
  agreementDateFormSchema,
  firstMonthLabel,
  flaggedReportsLabel,
} from '../lib/agreement-date';
import { flaggedReports } from '../lib/ledger';
import { adminReport, revenueCustomer } from './ledger-rows';

const customer = revenueCustomer({
  createdAt: '2026-11-29T10:00:00.000Z',
  reportsSubmitted: 0,
  implementationEndsAt: '2026-12-29T10:00:00.000Z',
  agreedAt: '2026-11-29',
  firstReportableMonth: '2027-01-01',
});

describe('revenue admin: the agreement date', () => {
  const schema = agreementDateFormSchema('2026-11-30');
  const messageOf = (values: { agreedAt: string; reason: string }) => {
    const result = schema.safeParse(values);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('takes a past day or today with a reason', () => {
    expect(schema.parse({ agreedAt: '2026-08-15', reason: ' Paper agreement ' })).toEqual({
      agreedAt: '2026-08-15',
      reason: 'Paper agreement',
    });
    expect(messageOf({ agreedAt: '2026-11-30', reason: 'x' })).toBeNull();
  });

  it('refuses a day in the future, an empty date and a missing reason, with the server’s words', () => {
    expect(messageOf({ agreedAt: '2026-12-01', reason: 'x' })).toBe(REVENUE_ADMIN_MESSAGES.agreedAtInFuture);
    expect(messageOf({ agreedAt: '', reason: 'x' })).toBe(REVENUE_ADMIN_MESSAGES.agreedAtRequired);
    expect(messageOf({ agreedAt: '2026-08-15', reason: '' })).toBe(
      REVENUE_ADMIN_MESSAGES.agreementReasonRequired,
    );
  });

  it('says when the owner reports from and whether an earlier agreement was recorded', () => {
    expect(firstMonthLabel(customer)).toBe('Reports from January 2027');
    expect(agreedBeforeConsent(customer)).toBe(false);
    expect(agreedBeforeConsent({ ...customer, agreedAt: '2026-08-15' })).toBe(true);
    expect(flaggedReportsLabel(1)).toBe('1 flagged report');
    expect(flaggedReportsLabel(2)).toBe('2 flagged reports');
  });

  it('lists the flagged reports, paid ones included, by owner and period', () => {
    // October 2026, $15,000.00 net without a baseline: a $1,500.00 share.
    const report = (overrides: Partial<AdminRevenueReport>) =>
      adminReport({
        reportingPeriodStart: '2026-10-01',
        reportingPeriodEnd: '2026-10-31',
        grossRevenue: 1_500_000,
        netRevenue: 1_500_000,
        businessExpenses: 0,
        baselineNetRevenue: 0,
        revenueIncrease: 1_500_000,
        shareOwed: 150_000,
        amountDue: 150_000,
        dueDate: '2026-12-30T09:00:00.000Z',
        createdAt: '2026-11-30T09:00:00.000Z',
        ...overrides,
      });
    const paid = report({
      periodFlag: 'before-first-month',
      verified: true,
      sharePaid: true,
      status: 'paid',
      amountPaid: 150_000,
      amountDue: 0,
    });
    const early = report({
      periodFlag: 'not-ended-when-reported',
      reportingPeriodStart: '2026-09-01',
      reportingPeriodEnd: '2026-09-30',
    });
    const fine = report({ reportingPeriodStart: '2027-01-01', reportingPeriodEnd: '2027-01-31' });
    expect(flaggedReports([paid, fine, early]).map((r) => r.id)).toEqual([early.id, paid.id]);
  });
});
