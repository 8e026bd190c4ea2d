/**
 * The two small forms of /revenue-admin, checked in the browser with the contracts' own rules before the
 * server checks them again: Mark Paid (an amount in dollars, at most what the report still owes) and
 * Correct baseline (an amount in dollars and the reason, docs/decisions.md, 25).
 */
import {
  CorrectBaselineRequestSchema,
  MarkPaidRequestSchema,
  moreThanOwedMessage,
  REVENUE_ADMIN_MESSAGES,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { z } from 'zod';
import { parseDollarsToCents } from './dollar-input';
import { BASELINE_REQUIRED } from './revenue-admin-copy';

/** Dollars as typed → cents; nothing typed is `missing`. */
function dollarsToCents(missing: string) {
  return z.string().transform((text, context) => {
    const cents = parseDollarsToCents(text);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    return cents;
  });
}

/** Mark Paid: the amount received, more than 0 and at most `amountDue` (cents). */
export function markPaidFormSchema(amountDue: number) {
  return z.object({
    amount: dollarsToCents(REVENUE_ADMIN_MESSAGES.amountPositive)
      .pipe(MarkPaidRequestSchema.shape.amount)
      .refine((cents) => cents <= amountDue, { message: moreThanOwedMessage(formatMoney(amountDue)) }),
  });
}
export type MarkPaidFormValues = z.input<ReturnType<typeof markPaidFormSchema>>;
export type MarkPaidFormOutput = z.output<ReturnType<typeof markPaidFormSchema>>;

export const BaselineFormSchema = z.object({
  baselineNetRevenue: dollarsToCents(BASELINE_REQUIRED).pipe(
    CorrectBaselineRequestSchema.shape.baselineNetRevenue,
  ),
  reason: CorrectBaselineRequestSchema.shape.reason,
});
export type BaselineFormValues = z.input<typeof BaselineFormSchema>;
export type BaselineFormOutput = z.output<typeof BaselineFormSchema>;
