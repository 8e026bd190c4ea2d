import { describe, expect, it } from '@jest/globals';
import { REVENUE_REPORT_MESSAGES, SHARE_CHECKOUT_MESSAGES } from '@platform/contracts';
import type { RevenueReport } from '@platform/contracts';
import { describeCheckoutFailure, describeReportFailure } from '../lib/report-failure';
import {
  canDispute,
  canPayOnline,
  describeChart,
  formatAxisDollars,
  formatPeriod,
  hasPayableReport,
  sharedBaseline,
  toChartPoints,
  toReportRow,
} from '../lib/report-history';

function report(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return {
    id: '6f1c1b7e-4a55-4e0a-9d51-0d1b9e1f2a3b',
    reportingPeriodStart: '2026-03-01',
    reportingPeriodEnd: '2026-03-31',
    grossRevenue: 6_000_000,
    businessExpenses: 1_550_000,
    netRevenue: 4_450_000,
    baselineNetRevenue: 3_000_000,
    revenueIncrease: 1_450_000,
    sharePercentage: 10,
    shareOwed: 145_000,
    amountPaid: 0,
    amountDue: 145_000,
    status: 'submitted',
    verified: false,
    sharePaid: false,
    notes: null,
    dueDate: '2026-05-01T12:00:00.000Z',
    createdAt: '2026-04-01T12:00:00.000Z',
    verifiedAt: null,
    sharePaidAt: null,
    documents: [],
    ...overrides,
  };
}

describe('revenue report history', () => {
  it('shows calendar days as the server’s days, in any time zone', () => {
    expect(formatPeriod('2026-03-01', '2026-03-31')).toBe('Mar 1, 2026 – Mar 31, 2026');
    expect(formatPeriod('2026-03-01', '2026-03-01')).toBe('Mar 1, 2026');
  });

  it('turns a report into a row of dollars with its status', () => {
    expect(toReportRow(report())).toMatchObject({
      period: 'Mar 1, 2026 – Mar 31, 2026',
      netRevenue: '$44,500.00',
      baselineNetRevenue: '$30,000.00',
      revenueIncrease: '$14,500.00',
      shareOwed: '$1,450.00',
      amountPaid: '$0.00',
      statusLabel: 'Submitted',
      statusTone: 'secondary',
      payable: false,
    });
    expect(toReportRow(report({ status: 'paid' }))).toMatchObject({
      statusLabel: 'Paid',
      statusTone: 'success',
    });
    expect(toReportRow(report({ status: 'overdue' }))).toMatchObject({
      statusLabel: 'Overdue',
      statusTone: 'destructive',
    });
  });

  it("offers 'Dispute this share' only on a verified share, undisputed, until the window closes", () => {
    const until = '2026-04-06T12:00:00.000Z';
    const verified = report({ verified: true, disputableUntil: until, dispute: null });
    const before = new Date('2026-04-06T11:59:59.000Z');
    expect(canDispute(verified, before)).toBe(true);
    expect(canDispute(verified, new Date('2026-04-06T12:00:00.001Z'))).toBe(false);
    expect(canDispute(report({ disputableUntil: null }), before)).toBe(false);
    const open = {
      id: '7f1c1b7e-4a55-4e0a-9d51-0d1b9e1f2a3b',
      reportId: verified.id,
      status: 'open' as const,
      reason: 'A refund was left out',
      openedAt: '2026-04-02T12:00:00.000Z',
      resolution: null,
      previousShareOwed: null,
      resolvedAt: null,
    };
    expect(canDispute({ ...verified, dispute: open }, before)).toBe(false);
    expect(toReportRow(verified, before).disputableUntil).toBe(until);
    expect(toReportRow({ ...verified, dispute: open }, before)).toMatchObject({
      disputableUntil: null,
      dispute: { status: 'open' },
    });
  });

  it("offers 'Pay now' only on a verified share with something still due", () => {
    expect(canPayOnline({ verified: true, sharePaid: false, amountDue: 100 })).toBe(true);
    expect(canPayOnline({ verified: false, sharePaid: false, amountDue: 100 })).toBe(false);
    expect(canPayOnline({ verified: true, sharePaid: true, amountDue: 0 })).toBe(false);
    expect(canPayOnline({ verified: true, sharePaid: false, amountDue: 0 })).toBe(false);
    // After paying online the list is read again while some share still shows as payable.
    expect(hasPayableReport({ reports: [report(), report({ verified: true, status: 'verified' })] })).toBe(
      true,
    );
    expect(hasPayableReport({ reports: [report({ verified: true, sharePaid: true, amountDue: 0 })] })).toBe(
      false,
    );
    expect(hasPayableReport(null)).toBe(false);
  });

  it('marks an estimate, open or closed, and leaves it off the chart', () => {
    expect(toReportRow(report()).estimate).toBeNull();
    expect(toReportRow(report({ estimated: true, estimateClosedAt: null })).estimate).toBe('open');
    expect(
      toReportRow(report({ estimated: true, estimateClosedAt: '2026-05-16T10:00:00.000Z' })).estimate,
    ).toBe('closed');
    expect(
      toChartPoints([report(), report({ reportingPeriodStart: '2026-04-01', estimated: true })]),
    ).toHaveLength(1);
  });

  it('charts the months oldest first, in dollars, and says what the chart shows', () => {
    const points = toChartPoints([
      report({ reportingPeriodStart: '2026-04-01', netRevenue: 5_000_000, shareOwed: 200_000 }),
      report(),
    ]);
    expect(points).toEqual([
      { month: 'Mar 2026', netRevenue: 44_500, baselineNetRevenue: 30_000, shareOwed: 1_450 },
      { month: 'Apr 2026', netRevenue: 50_000, baselineNetRevenue: 30_000, shareOwed: 2_000 },
    ]);
    expect(describeChart(points)).toBe(
      'Net revenue against your baseline, with the 10% share, for 2 months (Mar 2026 to Apr 2026).',
    );
    expect(describeChart(points.slice(0, 1))).toContain('for 1 month (Mar 2026)');
    expect(formatAxisDollars(44_500)).toBe('$44.5K');
    // One level line for the baseline fixed at consent; month by month if it ever differs.
    expect(sharedBaseline(points)).toBe(30_000);
    expect(sharedBaseline([points[0]!, { ...points[1]!, baselineNetRevenue: 25_000 }])).toBeNull();
    expect(sharedBaseline([])).toBeNull();
  });

  it('names the server’s rule for a refused report, the general message otherwise', () => {
    const overlap =
      'You already reported revenue for 2026-03-01 to 2026-03-31; a report cannot cover the same days twice';
    expect(describeReportFailure({ status: 400, message: overlap })).toEqual({
      title: 'Error',
      description: overlap,
    });
    expect(describeReportFailure({ status: 500, message: 'Internal error' })).toEqual({
      title: 'Error',
      description: REVENUE_REPORT_MESSAGES.failed,
    });
    expect(describeReportFailure(null).description).toBe(
      'Failed to submit revenue report. Please try again.',
    );
    expect(describeCheckoutFailure({ status: 409, message: 'Nothing is due on this report' })).toBe(
      'Nothing is due on this report',
    );
    expect(describeCheckoutFailure(null)).toBe(SHARE_CHECKOUT_MESSAGES.failed);
  });
});
