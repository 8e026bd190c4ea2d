import { describe, expect, it } from '@jest/globals';
import { REPORT_DISPUTE_MESSAGES, REVENUE_REPORT_MESSAGES } from '@platform/contracts';
import { AcceptDisputeFormSchema, RejectDisputeFormSchema } from '../lib/ledger-forms';

describe('the dispute dialog’s forms', () => {
  it('reads corrected figures typed in dollars as cents, keeping the cents; empty expenses are $0.00', () => {
    expect(
      AcceptDisputeFormSchema.parse({ grossRevenue: '9,000.55', businessExpenses: '', note: '  Checked  ' }),
    ).toEqual({ grossRevenue: 900_055, businessExpenses: 0, note: 'Checked' });
    expect(
      AcceptDisputeFormSchema.parse({ grossRevenue: '$12,345.67', businessExpenses: '2000.05', note: '' }),
    ).toEqual({ grossRevenue: 1_234_567, businessExpenses: 200_005, note: '' });
  });

  it('refuses a missing gross revenue and a negative expense in the report form’s words', () => {
    const missing = AcceptDisputeFormSchema.safeParse({ grossRevenue: '', businessExpenses: '', note: '' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      REVENUE_REPORT_MESSAGES.grossRequired,
    ]);
    const negative = AcceptDisputeFormSchema.safeParse({
      grossRevenue: '10',
      businessExpenses: '-5',
      note: '',
    });
    expect(negative.error?.issues.map((issue) => issue.message)).toEqual([
      REVENUE_REPORT_MESSAGES.expensesPositive,
    ]);
  });

  it('needs a reason to reject', () => {
    const blank = RejectDisputeFormSchema.safeParse({ reason: '   ' });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual([
      REPORT_DISPUTE_MESSAGES.rejectReasonRequired,
    ]);
  });
});
