import { describe, expect, it } from '@jest/globals';
import { REVENUE_REPORT_MESSAGES, computeShare } from '@platform/contracts';
import {
  EMPTY_REPORT_FORM,
  ReportFormSchema,
  computeLiveFigures,
  describeNetRevenue,
  initialReportForm,
  toReportRequest,
} from '../lib/report-form';
import type { ReportFormValues } from '../lib/report-form';

const filled: ReportFormValues = {
  reportingPeriodStart: '2026-03-01',
  reportingPeriodEnd: '2026-03-31',
  grossRevenue: '60,000',
  businessExpenses: '15,500',
  netRevenue: '44,500',
  notes: '  Spring menu launched  ',
};

function messagesOf(values: ReportFormValues): Record<string, string> {
  const result = ReportFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('revenue report form', () => {
  it('asks for the period, gross and net with the contracts’ words', () => {
    expect(messagesOf(EMPTY_REPORT_FORM)).toEqual({
      reportingPeriodStart: REVENUE_REPORT_MESSAGES.startRequired,
      reportingPeriodEnd: REVENUE_REPORT_MESSAGES.endRequired,
      grossRevenue: REVENUE_REPORT_MESSAGES.grossRequired,
      netRevenue: REVENUE_REPORT_MESSAGES.netRequired,
    });
    expect(REVENUE_REPORT_MESSAGES.startRequired).toBe('Start date is required');
    expect(REVENUE_REPORT_MESSAGES.netRequired).toBe('Net revenue is required');
  });

  it('sends cents, the net it computes itself, and trimmed notes', () => {
    expect(toReportRequest(filled)).toEqual({
      reportingPeriodStart: '2026-03-01',
      reportingPeriodEnd: '2026-03-31',
      grossRevenue: 6_000_000,
      businessExpenses: 1_550_000,
      netRevenue: 4_450_000,
      notes: 'Spring menu launched',
    });
    // Net shown on the page is never read back: a stale one cannot disagree with the server.
    expect(toReportRequest({ ...filled, netRevenue: '1' }).netRevenue).toBe(4_450_000);
    expect(toReportRequest({ ...filled, businessExpenses: '', notes: ' ' })).toEqual(
      expect.not.objectContaining({ notes: expect.anything() }),
    );
    expect(toReportRequest({ ...filled, businessExpenses: '' }).businessExpenses).toBe(0);
  });

  it('passes a complete form and applies the server’s period rules', () => {
    const parsed = ReportFormSchema.safeParse(filled);
    expect(parsed.success).toBe(true);
    expect(messagesOf({ ...filled, reportingPeriodEnd: '2026-02-27' })).toEqual({
      reportingPeriodEnd: REVENUE_REPORT_MESSAGES.endBeforeStart,
    });
    expect(messagesOf({ ...filled, reportingPeriodEnd: '2026-04-02' })).toEqual({
      reportingPeriodEnd: REVENUE_REPORT_MESSAGES.tooLong,
    });
    expect(
      messagesOf({ ...filled, grossRevenue: '9,999,999,999', netRevenue: '9,999,999,999' }),
    ).toMatchObject({
      grossRevenue: REVENUE_REPORT_MESSAGES.grossTooLarge,
    });
  });

  it('computes net as gross minus expenses, 0 for a loss month, empty until gross is typed', () => {
    expect(describeNetRevenue('60,000', '15,500')).toBe('44,500');
    expect(describeNetRevenue('1,000', '5,000')).toBe('0');
    expect(describeNetRevenue('1,000', '')).toBe('1,000');
    expect(describeNetRevenue('', '5,000')).toBe('');
  });

  it('shows the share the server will compute: 10% of the increase over the baseline', () => {
    const figures = computeLiveFigures({ grossRevenue: '60,000', businessExpenses: '15,500' }, 3_000_000);
    expect(figures).toEqual({
      netRevenue: 4_450_000,
      baselineNetRevenue: 3_000_000,
      revenueIncrease: 1_450_000,
      shareOwed: 145_000,
    });
    expect(figures).toMatchObject(computeShare({ netRevenue: 4_450_000, baselineNetRevenue: 3_000_000 }));
    // Below the baseline: no increase, no share (the calculation box stays hidden).
    expect(computeLiveFigures({ grossRevenue: '20,000', businessExpenses: '' }, 3_000_000).shareOwed).toBe(0);
    // Without a baseline the whole net counts.
    expect(computeLiveFigures({ grossRevenue: '1,235', businessExpenses: '' }, 0).shareOwed).toBe(12_350);
    expect(computeLiveFigures({ grossRevenue: '', businessExpenses: '' }, 0).shareOwed).toBe(0);
  });

  it('starts from the plan’s next month once that month has ended (UTC)', () => {
    const nextReport = {
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      lateAfter: '2026-04-11T00:00:00.000Z',
    };
    expect(initialReportForm({ nextReport }, new Date('2026-04-01T00:30:00Z'))).toEqual({
      ...EMPTY_REPORT_FORM,
      reportingPeriodStart: '2026-03-01',
      reportingPeriodEnd: '2026-03-31',
    });
    // The month is still running (its last day included): the server would refuse it, so no dates.
    expect(initialReportForm({ nextReport }, new Date('2026-03-31T23:59:00Z'))).toEqual(EMPTY_REPORT_FORM);
    expect(initialReportForm({ nextReport: null }, new Date('2026-05-01T00:00:00Z'))).toEqual(
      EMPTY_REPORT_FORM,
    );
    expect(initialReportForm(null, new Date())).toEqual(EMPTY_REPORT_FORM);
  });
});
