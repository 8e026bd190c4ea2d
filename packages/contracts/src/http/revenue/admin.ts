/**
 * The admin's revenue ledger (docs/behaviour/revenue-share.md#admin-revenue-dashboard), role `admin` only
 * (401 visitors, 403 other accounts):
 *
 *   GET  /api/admin/revenue-stats          RevenueStats
 *   GET  /api/admin/revenue-customers      RevenueCustomer[]   (and `.csv`)
 *   GET  /api/admin/revenue-reports        AdminRevenueReport[] (and `.csv`)
 *   POST /api/admin/verify-report/:id      empty body → AdminReportActionResponse
 *   POST /api/admin/mark-paid/:id          MarkPaidRequest → AdminReportActionResponse
 *   POST /api/admin/send-reminder          SendReminderRequest → SendReminderResponse
 *   POST /api/admin/revenue-customers/:id/baseline         CorrectBaselineRequest → CorrectBaselineResponse
 *   GET  /api/admin/revenue-customers/:id/baseline-changes BaselineChange[] (newest first)
 *   POST /api/admin/revenue-customers/:id/agreement-date   SetAgreementDateRequest → SetAgreementDateResponse
 *
 * Amounts are integer cents. The lists carry the reference's fields plus what docs/decisions.md, 25 asks
 * the admin to see (baseline, increase) and what the ledger needs (paid so far, due date, status).
 */
import { z } from 'zod';
import { textField, writtenText } from '../text.js';
import { REVENUE_CONSENT_MESSAGES } from './consent.js';
import { ReportDisputeSchema } from './dispute-view.js';
import { ReportDocumentSchema } from './documents.js';
import { CalendarDaySchema, CustomerStatusSchema, ReportStatusSchema } from './plan.js';
import { MAX_REVENUE_CENTS } from './share.js';
import { actionSucceeded, isoDateTime } from '../fields.js';

export const REVENUE_ADMIN_MESSAGES = {
  reportNotFound: 'Revenue report not found',
  customerNotFound: 'Revenue share customer not found',
  verifyFailed: 'Failed to verify report. Please try again.',
  verifiedTitle: 'Report Verified',
  verifiedText: 'Revenue report has been verified and marked for payment collection.',
  markPaidFailed: 'Failed to record payment. Please try again.',
  paymentRecordedTitle: 'Payment Recorded',
  amountWhole: 'Amount must be a whole number of cents',
  amountPositive: 'Amount must be greater than zero',
  amountTooLarge: 'Amount is too large',
  notVerified: 'Verify the report before recording a payment',
  alreadyPaid: 'This report is already paid',
  paymentIdInvalid: 'paymentId must be a UUID',
  reminderFailed: 'Failed to send reminder. Please try again.',
  reminderSentTitle: 'Reminder Sent',
  customerIdRequired: 'customerId is required',
  reminderType: "reminderType must be 'report' or 'payment'",
  nothingToPay: 'This customer has no verified share to pay',
  /** The four empty states of /revenue-admin. */
  noPendingReports: 'No pending reports to review',
  noPendingPayments: 'No pending payments',
  noCustomers: 'No revenue share customers yet',
  noOverdue: 'All customers are up to date!',
  /** The admin's correction of a baseline (docs/decisions.md, 25). */
  reasonRequired: 'Please give a reason for the correction',
  reasonTooLong: 'The reason must be at most 500 characters',
  baselineCorrectedTitle: 'Baseline Corrected',
  baselineFailed: 'Failed to correct the baseline. Please try again.',
  /** The admin's record of when an owner agreed to the programme (docs/decisions.md, 66). */
  agreedAtRequired: 'Agreement date is required',
  agreedAtInvalid: 'Agreement date must be a date (YYYY-MM-DD)',
  agreedAtTooEarly: 'The agreement date cannot be before 2000',
  agreedAtInFuture: 'The agreement date cannot be in the future',
  agreementReasonRequired: 'Please give a reason for the agreement date',
  agreementDateRecordedTitle: 'Agreement Date Recorded',
  agreementDateFailed: 'Failed to record the agreement date. Please try again.',
} as const;

/** The earliest agreement date the admin can record. */
export const AGREEMENT_DATE_EARLIEST = '2000-01-01';

/** 400 when the recorded agreement date is the one the plan already starts from. */
export function agreementDateUnchangedMessage(day: string): string {
  return `The agreement date is already ${day}`;
}

/** The 'Agreement Date Recorded' toast's text (and the call's message). */
export function agreementDateRecordedText(firstMonthName: string): string {
  return `Reports are due from ${firstMonthName}.`;
}

/** 400 for a report reminder when no month the owner reports has ended unreported. */
export function nothingToReportMessage(nextMonthName: string): string {
  return `No report is due yet: the next month to report is ${nextMonthName}, due once it has ended`;
}

/**
 * Why a stored report breaks the rule on which months are reported (docs/decisions.md, 66): it covers days
 * before the owner's first month to report, or it was submitted before its period ended. Such reports are
 * kept and shown to the admin with the flag, never silently dropped.
 */
export const REPORT_PERIOD_FLAGS = ['before-first-month', 'not-ended-when-reported'] as const;
export const ReportPeriodFlagSchema = z.enum(REPORT_PERIOD_FLAGS);
export type ReportPeriodFlag = z.infer<typeof ReportPeriodFlagSchema>;

export const REPORT_PERIOD_FLAG_LABELS: Record<ReportPeriodFlag, string> = {
  'before-first-month': 'Before first reportable month',
  'not-ended-when-reported': 'Reported before the period ended',
};

/** Most characters of the reason a baseline is corrected for. */
export const BASELINE_REASON_MAX = 500;

/** 400 when the corrected baseline is the one the owner already has. */
export function baselineUnchangedMessage(formattedBaseline: string): string {
  return `The baseline is already ${formattedBaseline}`;
}

/** The 'Baseline Corrected' toast's text (and the call's message). */
export function baselineCorrectedText(formattedBaseline: string): string {
  return `Reports submitted from now on use a baseline of ${formattedBaseline}.`;
}

/** 400 when a payment would take a report past its share. */
export function moreThanOwedMessage(formattedDue: string): string {
  return `The amount is more than the ${formattedDue} still owed on this report`;
}

/**
 * 409 when a Mark Paid's `paymentId` was already recorded for another amount or report: the first attempt
 * went through, and the lists show it.
 */
export function paymentAlreadyRecordedMessage(formattedAmount: string): string {
  return `This payment was already recorded as ${formattedAmount}. Check the report before recording more`;
}

/** 'Revenue report reminder sent' / 'Payment reminder sent' (the 'Reminder Sent' toast's text). */
export function reminderSentText(reminderType: ReminderType): string {
  return reminderType === 'report' ? 'Revenue report reminder sent' : 'Payment reminder sent';
}

export const RevenueStatsSchema = z.object({
  /** Owners who consented to the plan. */
  totalRevenueShareCustomers: z.number().int(),
  /** Accounts with a membership plan being paid now (payment events, docs/behaviour/revenue-share.md). */
  totalMonthlyCustomers: z.number().int(),
  /** The membership plans' recurring revenue per month, cents (the page shows whole dollars). */
  monthlyRecurringRevenue: z.number().int(),
  /** Outstanding: what every report not fully paid still owes. */
  totalRevenueOwed: z.number().int(),
  /** Collected: every share payment recorded. */
  totalRevenuePaid: z.number().int(),
});
export type RevenueStats = z.infer<typeof RevenueStatsSchema>;

export const RevenueCustomerSchema = z.object({
  /** The owner's user id (`customerId` of a reminder). */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  planType: z.enum(['revenue_share', 'monthly']),
  /** When the owner consented. */
  createdAt: isoDateTime,
  reportsSubmitted: z.number().int(),
  /** Still owed on every report not fully paid. */
  totalOwed: z.number().int(),
  totalPaid: z.number().int(),
  status: CustomerStatusSchema,
  /** When the newest report was submitted; null before the first. */
  lastReportDate: isoDateTime.nullable(),
  baselineNetRevenue: z.number().int(),
  implementationEndsAt: isoDateTime,
  /** The day the agreement started: consent, or the date the admin recorded. */
  agreedAt: CalendarDaySchema,
  /** When the owner left the programme and why (docs/decisions.md, 99); null while on it. */
  leftAt: isoDateTime.nullable(),
  leaveReason: z.string().nullable(),
  /** The first day of the first month to report. */
  firstReportableMonth: CalendarDaySchema,
  /** Months whose report is late (`YYYY-MM`). */
  missingReports: z.array(z.string()),
  /** How many of the owner's reports carry a `periodFlag`. */
  flaggedReports: z.number().int(),
});
export type RevenueCustomer = z.infer<typeof RevenueCustomerSchema>;

export const AdminRevenueReportSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  /** 'First Last', or the e-mail when the account has no name. */
  userName: z.string(),
  userEmail: z.string(),
  reportingPeriodStart: CalendarDaySchema,
  reportingPeriodEnd: CalendarDaySchema,
  grossRevenue: z.number().int(),
  netRevenue: z.number().int(),
  businessExpenses: z.number().int(),
  notes: z.string().nullable(),
  baselineNetRevenue: z.number().int(),
  revenueIncrease: z.number().int(),
  shareOwed: z.number().int(),
  sharePercentage: z.number().int(),
  amountPaid: z.number().int(),
  amountDue: z.number().int(),
  verified: z.boolean(),
  sharePaid: z.boolean(),
  status: ReportStatusSchema,
  dueDate: isoDateTime,
  createdAt: isoDateTime,
  verifiedAt: isoDateTime.nullable(),
  sharePaidAt: isoDateTime.nullable(),
  /** The owner's supporting documents, oldest first. */
  documents: z.array(ReportDocumentSchema),
  /** Set when the report breaks the rule on which months are reported; null otherwise. */
  periodFlag: ReportPeriodFlagSchema.nullable(),
  /** The share's dispute; null when none (always sent; optional so older payloads parse). */
  dispute: ReportDisputeSchema.nullable().optional(),
  /** An estimate (docs/behaviour/revenue-share.md#estimates); closed once the real report arrived. */
  estimated: z.boolean().optional(),
  estimateClosedAt: isoDateTime.nullable().optional(),
  /** The real report that closed this estimate. */
  replacedByReportId: z.uuid().nullable().optional(),
});
export type AdminRevenueReport = z.infer<typeof AdminRevenueReportSchema>;

export const AdminReportActionResponseSchema = z.object({
  ...actionSucceeded,
  report: AdminRevenueReportSchema,
});
export type AdminReportActionResponse = z.infer<typeof AdminReportActionResponseSchema>;

/** The path parameters of `/api/admin/verify-report/:id` and `/api/admin/mark-paid/:id`: a report id. */
export const ReportIdParamsSchema = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      REVENUE_ADMIN_MESSAGES.reportNotFound,
    )
    .transform((id) => id.toLowerCase()),
});

export const MarkPaidRequestSchema = z.object({
  /** Cents received; at most what the report still owes. */
  amount: z
    .number({ error: REVENUE_ADMIN_MESSAGES.amountWhole })
    .int(REVENUE_ADMIN_MESSAGES.amountWhole)
    .positive(REVENUE_ADMIN_MESSAGES.amountPositive)
    .max(MAX_REVENUE_CENTS, REVENUE_ADMIN_MESSAGES.amountTooLarge),
  /**
   * The admin's form makes one when it opens and sends it with every attempt: the same id again (a retry
   * after a lost answer, a double submit) records nothing more and gets the first answer.
   */
  paymentId: z
    .uuid({ error: REVENUE_ADMIN_MESSAGES.paymentIdInvalid })
    .transform((id) => id.toLowerCase())
    .optional(),
});
export type MarkPaidRequest = z.infer<typeof MarkPaidRequestSchema>;

export const REMINDER_TYPES = ['report', 'payment'] as const;
export const ReminderTypeSchema = z.enum(REMINDER_TYPES, { error: REVENUE_ADMIN_MESSAGES.reminderType });
export type ReminderType = z.infer<typeof ReminderTypeSchema>;

export const SendReminderRequestSchema = z.object({
  customerId: textField({ min: 1, max: 100, required: REVENUE_ADMIN_MESSAGES.customerIdRequired }),
  reminderType: ReminderTypeSchema,
});
export type SendReminderRequest = z.infer<typeof SendReminderRequestSchema>;

export const SendReminderResponseSchema = z.object({
  ...actionSucceeded,
  reminder: z.object({
    id: z.uuid(),
    customerId: z.string(),
    reminderType: ReminderTypeSchema,
    sentAt: isoDateTime,
  }),
});
export type SendReminderResponse = z.infer<typeof SendReminderResponseSchema>;

/**
 * The path parameters of `/api/admin/revenue-customers/:id/…`: the owner's user id. Anything that cannot be
 * a user id names no customer (404).
 */
export const CustomerIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, REVENUE_ADMIN_MESSAGES.customerNotFound),
});

/**
 * `POST /api/admin/revenue-customers/:id/baseline`: the admin corrects an owner's baseline (cents, ≥ 0)
 * and says why (docs/decisions.md, 25). Reports submitted afterwards use it; earlier reports keep theirs.
 */
export const CorrectBaselineRequestSchema = z.object({
  baselineNetRevenue: z
    .number({ error: REVENUE_CONSENT_MESSAGES.baselineWhole })
    .int(REVENUE_CONSENT_MESSAGES.baselineWhole)
    .min(0, REVENUE_CONSENT_MESSAGES.baselinePositive)
    .max(MAX_REVENUE_CENTS, REVENUE_CONSENT_MESSAGES.baselineTooLarge),
  reason: writtenText(BASELINE_REASON_MAX, {
    required: REVENUE_ADMIN_MESSAGES.reasonRequired,
    tooLong: REVENUE_ADMIN_MESSAGES.reasonTooLong,
  }),
});
export type CorrectBaselineRequest = z.infer<typeof CorrectBaselineRequestSchema>;

/** One recorded change the admin made to an owner's terms: its old and new values, why, by whom and when. */
function customerChangeSchema<Values extends z.ZodRawShape>(values: Values) {
  return z.object({
    id: z.uuid(),
    /** The owner's user id. */
    customerId: z.string(),
    ...values,
    reason: z.string(),
    /** The admin's user id. */
    changedBy: z.string(),
    changedAt: isoDateTime,
  });
}

/** The answer to such a change: the change recorded and the owner as they are after it. */
function customerChangeResponseSchema<Change extends z.ZodType>(change: Change) {
  return z.object({ ...actionSucceeded, change, customer: RevenueCustomerSchema });
}

/** One recorded correction of an owner's baseline. */
export const BaselineChangeSchema = customerChangeSchema({
  oldBaselineNetRevenue: z.number().int(),
  newBaselineNetRevenue: z.number().int(),
});
export type BaselineChange = z.infer<typeof BaselineChangeSchema>;

export const CorrectBaselineResponseSchema = customerChangeResponseSchema(BaselineChangeSchema);
export type CorrectBaselineResponse = z.infer<typeof CorrectBaselineResponseSchema>;

export const BaselineChangeListSchema = z.array(BaselineChangeSchema);

/**
 * `POST /api/admin/revenue-customers/:id/agreement-date`: for an owner who was on the programme before the
 * platform existed, the admin records the day they agreed (not in the future) and why (docs/decisions.md,
 * 66). The 30-day implementation period and the months to report follow from it.
 */
export const SetAgreementDateRequestSchema = z.object({
  agreedAt: z
    .string({ error: REVENUE_ADMIN_MESSAGES.agreedAtRequired })
    .trim()
    .min(1, REVENUE_ADMIN_MESSAGES.agreedAtRequired)
    .refine((value) => CalendarDaySchema.safeParse(value).success, REVENUE_ADMIN_MESSAGES.agreedAtInvalid)
    .refine((value) => value >= AGREEMENT_DATE_EARLIEST, REVENUE_ADMIN_MESSAGES.agreedAtTooEarly),
  reason: writtenText(BASELINE_REASON_MAX, {
    required: REVENUE_ADMIN_MESSAGES.agreementReasonRequired,
    tooLong: REVENUE_ADMIN_MESSAGES.reasonTooLong,
  }),
});
export type SetAgreementDateRequest = z.infer<typeof SetAgreementDateRequestSchema>;

/** One recorded agreement date. */
export const AgreementDateChangeSchema = customerChangeSchema({
  /** The day the agreement started before the change. */
  oldAgreedAt: CalendarDaySchema,
  newAgreedAt: CalendarDaySchema,
});
export type AgreementDateChange = z.infer<typeof AgreementDateChangeSchema>;

export const SetAgreementDateResponseSchema = customerChangeResponseSchema(AgreementDateChangeSchema);
export type SetAgreementDateResponse = z.infer<typeof SetAgreementDateResponseSchema>;
