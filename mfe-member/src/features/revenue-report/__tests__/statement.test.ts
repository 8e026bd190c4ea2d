import { describe, expect, it } from '@jest/globals';
import type { RevenueStatement } from '@platform/contracts';
import { statementReportLine, statementSummary } from '../lib/statement';

const statement = (overrides: Partial<RevenueStatement> = {}): RevenueStatement => ({
  month: '2031-04',
  months: ['2031-04', '2031-03'],
  inProgress: false,
  owner: { name: 'Marta Quintero', email: 'marta@example.com' },
  termsVersion: 'v1.0',
  revenueSharePercentage: 10,
  baselineNetRevenue: 100_000,
  openingBalance: 70_000,
  closingBalance: 0,
  totals: { shares: 0, credits: 50_000, payments: 20_000 },
  reports: [],
  entries: [],
  generatedAt: '2031-05-02T09:00:00.000Z',
  ...overrides,
});

describe('the monthly statement as the page reads it', () => {
  it('sums the month up from the opening to the closing balance, credits and payments taken off, never a minus zero', () => {
    expect(statementSummary(statement())).toEqual([
      { label: 'Balance at the start of the month', value: '$700.00' },
      { label: 'Shares', value: '$0.00' },
      { label: 'Credits', value: '-$500.00' },
      { label: 'Payments', value: '-$200.00' },
      { label: 'Balance at the end of the month', value: '$0.00' },
    ]);
    expect(statementSummary(statement({ inProgress: true })).at(-1)!.label).toBe('Balance so far');
  });

  it('names each report by its month, with its net revenue and share', () => {
    expect(
      statementReportLine({
        id: '6f1c1b7e-4a55-4e0a-9d51-0d1b9e1f2a3b',
        periodStart: '2031-02-01',
        periodEnd: '2031-02-28',
        netRevenue: 1_100_000,
        baselineNetRevenue: 100_000,
        revenueIncrease: 1_000_000,
        shareOwed: 100_000,
        submittedAt: '2031-03-03T10:00:00.000Z',
      }),
    ).toBe('February 2031 report: net $11,000.00, share $1,000.00');
  });
});
