/**
 * The two small forms of /revenue-admin, checked in the browser with the contracts' own rules before the
 * server checks them again: Mark Paid (an amount in dollars and cents, at most what the report still owes)
 * and Correct baseline (an amount in dollars and cents and the reason, docs/decisions.md, 25), and the
 * answers to a dispute (corrected gross and expenses in dollars and cents, or a reason). The amounts
 * are read by the one money parser (docs/decisions.md, 67).
 */
import {
  CorrectBaselineRequestSchema,
  DISPUTE_REASON_MAX,
  REPORT_DISPUTE_MESSAGES,
  REVENUE_REPORT_MESSAGES,
  RejectDisputeRequestSchema,
  MAX_REVENUE_CENTS,
  MarkPaidRequestSchema,
  REVENUE_ADMIN_MESSAGES,
  REVENUE_CONSENT_MESSAGES,
  moneyTextField,
  moreThanOwedMessage,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import type { MoneyInputRules } from '@platform/contracts/format';
import { z } from 'zod';
import { BASELINE_REQUIRED } from './revenue-admin-copy';

/** Mark Paid's amount: required, not negative. */
export const PAYMENT_AMOUNT_RULES = {
  max: MAX_REVENUE_CENTS,
  messages: {
    required: REVENUE_ADMIN_MESSAGES.amountPositive,
    negative: REVENUE_ADMIN_MESSAGES.amountPositive,
    tooLarge: REVENUE_ADMIN_MESSAGES.amountTooLarge,
  },
} as const satisfies MoneyInputRules;

/** Correct baseline's amount: required (0 is typed as 0), not negative. */
export const BASELINE_AMOUNT_RULES = {
  max: MAX_REVENUE_CENTS,
  messages: {
    required: BASELINE_REQUIRED,
    negative: REVENUE_CONSENT_MESSAGES.baselinePositive,
    tooLarge: REVENUE_CONSENT_MESSAGES.baselineTooLarge,
  },
} as const satisfies MoneyInputRules;

/** Mark Paid: the amount received, more than 0 and at most `amountDue` (cents). */
export function markPaidFormSchema(amountDue: number) {
  return z.object({
    amount: moneyTextField(PAYMENT_AMOUNT_RULES)
      .pipe(MarkPaidRequestSchema.shape.amount)
      .refine((cents) => cents <= amountDue, { message: moreThanOwedMessage(formatMoney(amountDue)) }),
  });
}
export type MarkPaidFormValues = z.input<ReturnType<typeof markPaidFormSchema>>;
export type MarkPaidFormOutput = z.output<ReturnType<typeof markPaidFormSchema>>;

export const BaselineFormSchema = z.object({
  baselineNetRevenue: moneyTextField(BASELINE_AMOUNT_RULES).pipe(
    CorrectBaselineRequestSchema.shape.baselineNetRevenue,
  ),
  reason: CorrectBaselineRequestSchema.shape.reason,
});
export type BaselineFormValues = z.input<typeof BaselineFormSchema>;
export type BaselineFormOutput = z.output<typeof BaselineFormSchema>;

/** A dispute's corrected gross revenue: required, not negative. */
export const GROSS_AMOUNT_RULES = {
  max: MAX_REVENUE_CENTS,
  messages: {
    required: REVENUE_REPORT_MESSAGES.grossRequired,
    negative: REVENUE_REPORT_MESSAGES.grossPositive,
    tooLarge: REVENUE_REPORT_MESSAGES.grossTooLarge,
  },
} as const satisfies MoneyInputRules;

/** A dispute's corrected business expenses: empty is 0, not negative. */
export const EXPENSES_AMOUNT_RULES = {
  max: MAX_REVENUE_CENTS,
  emptyAs: 0,
  messages: {
    negative: REVENUE_REPORT_MESSAGES.expensesPositive,
    tooLarge: REVENUE_REPORT_MESSAGES.expensesTooLarge,
  },
} as const satisfies MoneyInputRules;

/** Accept a dispute: the corrected gross and expenses (net follows), and an optional note. */
export const AcceptDisputeFormSchema = z.object({
  grossRevenue: moneyTextField(GROSS_AMOUNT_RULES),
  businessExpenses: moneyTextField(EXPENSES_AMOUNT_RULES),
  note: z.string().trim().max(DISPUTE_REASON_MAX, REPORT_DISPUTE_MESSAGES.noteTooLong),
});
export type AcceptDisputeFormValues = z.input<typeof AcceptDisputeFormSchema>;
export type AcceptDisputeFormOutput = z.output<typeof AcceptDisputeFormSchema>;

export const RejectDisputeFormSchema = RejectDisputeRequestSchema;
export type RejectDisputeFormValues = z.input<typeof RejectDisputeFormSchema>;
