/**
 * An owner's monthly statement (docs/behaviour/revenue-share.md#monthly-statements): what the month added
 * to and took from what they owe, as the page shows it and as a PDF.
 *
 *   GET /api/revenue-statements                    RevenueStatement of the month now running (the owner's own)
 *   GET /api/revenue-statements/:month             RevenueStatement of `YYYY-MM`
 *   GET /api/revenue-statements/:month.pdf         the same as a PDF
 *   GET /api/admin/revenue-customers/:id/statements/:month(.pdf)   the admin's copy of any owner's
 *
 * Amounts are integer cents. An entry's amount is signed: a share adds to the balance, a payment and a
 * correction that lowered a share (a dispute accepted, an estimate closed by the real report) take from
 * it. A balance below zero is the owner's credit.
 */
import { z } from 'zod';
import { reportPeriod } from './period.js';
import { isoDateTime } from '../fields.js';

export const STATEMENT_MESSAGES = {
  monthInvalid: 'The month must be written YYYY-MM, such as 2027-01',
  noStatement: 'There is no statement for this month',
  notOnPlan: 'Please agree to the Revenue Share Terms to see your statements',
  title: 'Monthly statement',
  month: 'Month',
  download: 'Download PDF',
  opening: 'Balance at the start of the month',
  closing: 'Balance at the end of the month',
  closingSoFar: 'Balance so far',
  noActivity: 'Nothing was reported, charged or paid this month.',
  loadFailed: 'Your statement could not be loaded',
  shares: 'Shares',
  credits: 'Credits',
  payments: 'Payments',
  reports: 'Reports submitted',
  inCredit: 'A balance below zero is your credit: it pays your next shares.',
} as const;

/** `YYYY-MM`, a calendar month. */
export const StatementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MESSAGES.monthInvalid);

/** The path's last part: `YYYY-MM` for the statement, `YYYY-MM.pdf` for its PDF. */
export const StatementFileParamsSchema = z
  .object({
    file: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(\.pdf)?$/, STATEMENT_MESSAGES.monthInvalid),
  })
  .transform(({ file }) => ({ month: file.slice(0, 7), pdf: file.endsWith('.pdf') }));

export const StatementEntryKindSchema = z.enum(['share', 'correction', 'payment']);
export type StatementEntryKind = z.infer<typeof StatementEntryKindSchema>;

export const StatementEntrySchema = z.object({
  at: isoDateTime,
  kind: StatementEntryKindSchema,
  /** In words: 'Share of the January 2027 report', 'Payment by card', 'Dispute accepted: share corrected'. */
  description: z.string(),
  /** Signed cents: + adds to what is owed, − takes from it. */
  amount: z.number().int(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const StatementReportSchema = z.object({
  id: z.uuid(),
  ...reportPeriod,
  netRevenue: z.number().int(),
  baselineNetRevenue: z.number().int(),
  revenueIncrease: z.number().int(),
  /** The share it owes now (after an accepted dispute, the corrected one). */
  shareOwed: z.number().int(),
  submittedAt: isoDateTime,
});
export type StatementReport = z.infer<typeof StatementReportSchema>;

export const RevenueStatementSchema = z.object({
  /** `YYYY-MM`. */
  month: StatementMonthSchema,
  /** Every month with a statement, newest first: from the consent's month to the month now running. */
  months: z.array(StatementMonthSchema),
  /** True while the month is still running (its closing balance is the balance so far). */
  inProgress: z.boolean(),
  owner: z.object({ name: z.string(), email: z.string() }),
  termsVersion: z.string(),
  revenueSharePercentage: z.number().int(),
  /** The baseline now, cents (each report keeps its own). */
  baselineNetRevenue: z.number().int().nonnegative(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  totals: z.object({
    shares: z.number().int(),
    /** What corrections took off (a correction that raised a share counts negative here). */
    credits: z.number().int(),
    payments: z.number().int(),
  }),
  /** The reports submitted this month. */
  reports: z.array(StatementReportSchema),
  /** Oldest first. */
  entries: z.array(StatementEntrySchema),
  generatedAt: isoDateTime,
});
export type RevenueStatement = z.infer<typeof RevenueStatementSchema>;
