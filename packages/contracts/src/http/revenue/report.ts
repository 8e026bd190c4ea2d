/**
 * `POST /api/revenue-report` and `GET /api/revenue-reports` (docs/behaviour/revenue-share.md#monthly-revenue-report):
 * an owner on the plan reports a month; the server computes the share itself from the net revenue and the
 * owner's baseline (docs/decisions.md, 20 and 25) and ignores any `shareOwed` or `sharePercentage` the
 * browser sends. 200 `SubmitRevenueReportResponse`; 400 with the first failing rule's message (the form's
 * order, then the period rules: ends before it starts, longer than a month, has not ended, starts before
 * the owner's first month to report, overlaps an earlier report); 401 for visitors; 403 for an account that
 * has not consented.
 */
import { z } from 'zod';
import { optionalTextField } from '../text.js';
import { ReportDisputeSchema } from './dispute-view.js';
import { ReportDocumentSchema } from './documents.js';
import { CalendarDaySchema, ReportStatusSchema, RevenuePlanSchema } from './plan.js';
import { MAX_REPORT_PERIOD_DAYS, MAX_REVENUE_CENTS, netRevenueOf } from './share.js';
import { actionSucceeded, isoDateTime } from '../fields.js';

export const REVENUE_REPORT_MESSAGES = {
  startRequired: 'Start date is required',
  startInvalid: 'Start date must be a date (YYYY-MM-DD)',
  endRequired: 'End date is required',
  endInvalid: 'End date must be a date (YYYY-MM-DD)',
  grossRequired: 'Gross revenue is required',
  grossPositive: 'Gross revenue must be positive',
  grossWhole: 'Gross revenue must be a whole number of cents',
  grossTooLarge: 'Gross revenue is too large',
  expensesPositive: 'Business expenses must be positive',
  expensesWhole: 'Business expenses must be a whole number of cents',
  expensesTooLarge: 'Business expenses are too large',
  netRequired: 'Net revenue is required',
  netPositive: 'Net revenue must be positive',
  netWhole: 'Net revenue must be a whole number of cents',
  netTooLarge: 'Net revenue is too large',
  netMismatch: 'Net revenue must equal gross revenue minus business expenses',
  notesTooLong: 'Notes must be at most 2000 characters',
  endBeforeStart: 'The reporting period must end on or after its start date',
  endInFuture: 'The reporting period has not ended yet; you can report it once its last day is over',
  tooLong: `A report covers one month at most (${MAX_REPORT_PERIOD_DAYS} days)`,
  notOnPlan: 'Please agree to the Revenue Share Terms before reporting revenue',
  /** The page's toasts. */
  submitting: 'Submitting...',
  submittedTitle: 'Revenue Report Submitted',
  failedTitle: 'Error',
  failed: 'Failed to submit revenue report. Please try again.',
} as const;

/** 400 for a period that overlaps one already reported (or is the same period). */
export function overlappingPeriodMessage(existing: { periodStart: string; periodEnd: string }): string {
  return `You already reported revenue for ${existing.periodStart} to ${existing.periodEnd}; a report cannot cover the same days twice`;
}

/**
 * 400 for a period that starts before the owner's first month to report (docs/decisions.md, 66): the risk-free
 * days and the months before them are never reported nor charged.
 */
export function beforeFirstMonthMessage(firstMonthName: string): string {
  return `You can report from ${firstMonthName}, the first whole month after your 30-day implementation period`;
}

/** 'Your report has been submitted. 10% share: $123.45' (the amount already formatted). */
export function reportSubmittedText(formattedShare: string): string {
  return `Your report has been submitted. 10% share: ${formattedShare}`;
}

function day(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => CalendarDaySchema.safeParse(value).success, invalid);
}

function revenueCentsField(messages: {
  required: string;
  positive: string;
  whole: string;
  tooLarge: string;
}) {
  return z
    .number({ error: messages.required })
    .int(messages.whole)
    .min(0, messages.positive)
    .max(MAX_REVENUE_CENTS, messages.tooLarge);
}

/**
 * A month's figures as the report form takes them (cents; expenses optional, 0 when absent), shared by
 * the report and the admin's correction of a disputed one (http/revenue/disputes.ts).
 */
export const REVENUE_FIGURE_FIELDS = {
  grossRevenue: revenueCentsField({
    required: REVENUE_REPORT_MESSAGES.grossRequired,
    positive: REVENUE_REPORT_MESSAGES.grossPositive,
    whole: REVENUE_REPORT_MESSAGES.grossWhole,
    tooLarge: REVENUE_REPORT_MESSAGES.grossTooLarge,
  }),
  /** Optional, 0 when absent. */
  businessExpenses: revenueCentsField({
    required: REVENUE_REPORT_MESSAGES.expensesWhole,
    positive: REVENUE_REPORT_MESSAGES.expensesPositive,
    whole: REVENUE_REPORT_MESSAGES.expensesWhole,
    tooLarge: REVENUE_REPORT_MESSAGES.expensesTooLarge,
  })
    .nullish()
    .transform((value) => value ?? 0),
  netRevenue: revenueCentsField({
    required: REVENUE_REPORT_MESSAGES.netRequired,
    positive: REVENUE_REPORT_MESSAGES.netPositive,
    whole: REVENUE_REPORT_MESSAGES.netWhole,
    tooLarge: REVENUE_REPORT_MESSAGES.netTooLarge,
  }),
};

/** The figures' one cross-field rule: net = gross − expenses (0 for a loss month). */
export function checkNetRevenue(
  figures: { grossRevenue: number; businessExpenses: number; netRevenue: number },
  ctx: z.RefinementCtx,
): void {
  if (figures.netRevenue !== netRevenueOf(figures.grossRevenue, figures.businessExpenses)) {
    ctx.addIssue({ code: 'custom', path: ['netRevenue'], message: REVENUE_REPORT_MESSAGES.netMismatch });
  }
}

export const RevenueReportRequestSchema = z
  .object({
    reportingPeriodStart: day(REVENUE_REPORT_MESSAGES.startRequired, REVENUE_REPORT_MESSAGES.startInvalid),
    reportingPeriodEnd: day(REVENUE_REPORT_MESSAGES.endRequired, REVENUE_REPORT_MESSAGES.endInvalid),
    ...REVENUE_FIGURE_FIELDS,
    notes: optionalTextField({ max: 2000, multiline: true, tooLong: REVENUE_REPORT_MESSAGES.notesTooLong }),
  })
  .superRefine((report, ctx) => {
    if (report.reportingPeriodEnd < report.reportingPeriodStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['reportingPeriodEnd'],
        message: REVENUE_REPORT_MESSAGES.endBeforeStart,
      });
    } else if (
      daysBetween(report.reportingPeriodStart, report.reportingPeriodEnd) + 1 >
      MAX_REPORT_PERIOD_DAYS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['reportingPeriodEnd'],
        message: REVENUE_REPORT_MESSAGES.tooLong,
      });
    }
    checkNetRevenue(report, ctx);
  });
/** What the page sends (cents); extra fields such as `shareOwed` are dropped unread. */
export type RevenueReportRequest = z.input<typeof RevenueReportRequestSchema>;
export type RevenueReportRequestParsed = z.output<typeof RevenueReportRequestSchema>;

/** Whole days from one calendar day to another (`YYYY-MM-DD`, UTC). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A report as its owner sees it. Amounts in cents. */
export const RevenueReportSchema = z.object({
  id: z.uuid(),
  reportingPeriodStart: CalendarDaySchema,
  reportingPeriodEnd: CalendarDaySchema,
  grossRevenue: z.number().int(),
  businessExpenses: z.number().int(),
  netRevenue: z.number().int(),
  /** The owner's baseline when the report was submitted. */
  baselineNetRevenue: z.number().int(),
  revenueIncrease: z.number().int(),
  sharePercentage: z.number().int(),
  shareOwed: z.number().int(),
  /** Recorded so far (offline by the admin, or online). */
  amountPaid: z.number().int(),
  /** shareOwed − amountPaid. */
  amountDue: z.number().int(),
  status: ReportStatusSchema,
  verified: z.boolean(),
  sharePaid: z.boolean(),
  notes: z.string().nullable(),
  /** Submission + 30 days. */
  dueDate: isoDateTime,
  createdAt: isoDateTime,
  verifiedAt: isoDateTime.nullable(),
  sharePaidAt: isoDateTime.nullable(),
  /** Supporting documents, oldest first (docs/behaviour/revenue-share.md#supporting-documents). */
  documents: z.array(ReportDocumentSchema),
  /**
   * The share's dispute (docs/behaviour/revenue-share.md#disputes); null when none. Always sent by the
   * server; optional only so older payloads still parse.
   */
  dispute: ReportDisputeSchema.nullable().optional(),
  /** Until when the owner may dispute the share (verification + 5 days); null while not verified. */
  disputableUntil: isoDateTime.nullable().optional(),
  /**
   * An estimate for a month without a report (docs/behaviour/revenue-share.md#estimates), not the owner's
   * figures; `estimateClosedAt` once the real report closed it. Optional only so older payloads parse.
   */
  estimated: z.boolean().optional(),
  estimateClosedAt: isoDateTime.nullable().optional(),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;

export const SubmitRevenueReportResponseSchema = z.object({
  /** `message`: 'Your report has been submitted. 10% share: $…'. */
  ...actionSucceeded,
  report: RevenueReportSchema,
});
export type SubmitRevenueReportResponse = z.infer<typeof SubmitRevenueReportResponseSchema>;

/** `GET /api/revenue-reports`: the caller's plan (null without consent) and reports, newest period first. */
export const MyRevenueReportsSchema = z.object({
  plan: RevenuePlanSchema.nullable(),
  reports: z.array(RevenueReportSchema),
});
export type MyRevenueReports = z.infer<typeof MyRevenueReportsSchema>;
