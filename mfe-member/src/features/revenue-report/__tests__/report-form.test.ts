import { describe, expect, it } from '@jest/globals';
import { REVENUE_REPORT_MESSAGES, computeShare } from '@platform/contracts';
import { MONEY_INPUT_MESSAGES } from '@platform/contracts/format';
import {
  EMPTY_REPORT_FORM,
  ReportFormSchema,
  computeLiveFigures,
  describeNetRevenue,
  findSameReport,
  initialReportForm,
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
    expect(ReportFormSchema.parse(filled)).toEqual({
      reportingPeriodStart: '2026-03-01',
      reportingPeriodEnd: '2026-03-31',
      grossRevenue: 6_000_000,
      businessExpenses: 1_550_000,
      netRevenue: 4_450_000,
      notes: 'Spring menu launched',
    });
    // Net shown on the page is never read back: a stale one cannot disagree with the server.
    expect(ReportFormSchema.parse({ ...filled, netRevenue: '1' }).netRevenue).toBe(4_450_000);
    expect(ReportFormSchema.parse({ ...filled, businessExpenses: '', notes: ' ' })).toEqual(
      expect.not.objectContaining({ notes: expect.anything() }),
    );
    expect(ReportFormSchema.parse({ ...filled, businessExpenses: '' }).businessExpenses).toBe(0);
  });

  it('sends dollars and cents as typed, never rescaled', () => {
    const typed = {
      ...filled,
      grossRevenue: '45000.50',
      businessExpenses: '$1,000.25',
      netRevenue: '44,000.25',
    };
    expect(ReportFormSchema.parse(typed)).toMatchObject({
      grossRevenue: 4_500_050,
      businessExpenses: 100_025,
      netRevenue: 4_400_025,
    });
    expect(ReportFormSchema.parse({ ...typed, grossRevenue: '45,000.5' }).grossRevenue).toBe(4_500_050);
    expect(
      ReportFormSchema.parse({ ...typed, grossRevenue: '0.29', businessExpenses: '' }).grossRevenue,
    ).toBe(29);
  });

  it('refuses an amount it cannot read, with the parser’s message under the field', () => {
    expect(messagesOf({ ...filled, grossRevenue: '45,00' })).toEqual({
      grossRevenue: MONEY_INPUT_MESSAGES.misplacedComma,
    });
    expect(messagesOf({ ...filled, grossRevenue: '45000.505' })).toEqual({
      grossRevenue: MONEY_INPUT_MESSAGES.tooManyDecimals,
    });
    expect(messagesOf({ ...filled, businessExpenses: '1,5OO' })).toEqual({
      businessExpenses: MONEY_INPUT_MESSAGES.invalid,
    });
    expect(messagesOf({ ...filled, grossRevenue: '-60,000' })).toEqual({
      grossRevenue: REVENUE_REPORT_MESSAGES.grossPositive,
    });
    expect(messagesOf({ ...filled, businessExpenses: '-5' })).toEqual({
      businessExpenses: REVENUE_REPORT_MESSAGES.expensesPositive,
    });
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
    expect(describeNetRevenue('60,000', '15,500')).toBe('44,500.00');
    expect(describeNetRevenue('45000.50', '15,500.25')).toBe('29,500.25');
    expect(describeNetRevenue('1,000', '5,000')).toBe('0.00');
    expect(describeNetRevenue('1,000', '')).toBe('1,000.00');
    expect(describeNetRevenue('', '5,000')).toBe('');
    // Until both amounts can be read there is no net to show.
    expect(describeNetRevenue('45,00', '')).toBe('');
    expect(describeNetRevenue('45,000', '5.555')).toBe('');
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
    // Cents as typed: $45,000.50 over a $30,000.00 baseline is $15,000.50, a share of $1,500.05.
    expect(computeLiveFigures({ grossRevenue: '45000.50', businessExpenses: '' }, 3_000_000)).toEqual({
      netRevenue: 4_500_050,
      baselineNetRevenue: 3_000_000,
      revenueIncrease: 1_500_050,
      shareOwed: 150_005,
    });
    // An amount that cannot be read counts as nothing, never as another amount.
    expect(computeLiveFigures({ grossRevenue: '4,50,00', businessExpenses: '' }, 0).netRevenue).toBe(0);
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

  it('finds the report a request would make among those on file: same period and figures, never an estimate', () => {
    const request = ReportFormSchema.parse(filled);
    const onFile = {
      reportingPeriodStart: '2026-03-01',
      reportingPeriodEnd: '2026-03-31',
      grossRevenue: 6_000_000,
      businessExpenses: 1_550_000,
      netRevenue: 4_450_000,
      estimated: false,
    };
    expect(findSameReport([onFile], request)).toBe(onFile);
    expect(findSameReport([{ ...onFile, estimated: undefined }], request)).not.toBeNull();
    // Another figure or period is another report: the refusal of the period stands.
    expect(findSameReport([{ ...onFile, grossRevenue: 6_000_001 }], request)).toBeNull();
    expect(findSameReport([{ ...onFile, businessExpenses: 0, netRevenue: 6_000_000 }], request)).toBeNull();
    expect(findSameReport([{ ...onFile, reportingPeriodEnd: '2026-03-30' }], request)).toBeNull();
    expect(findSameReport([{ ...onFile, estimated: true }], request)).toBeNull();
    expect(findSameReport([], request)).toBeNull();
  });
});
