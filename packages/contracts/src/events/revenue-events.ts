/**
 * The revenue service's events (docs/behaviour/revenue-share.md; docs/architecture.md#revenue-share-consent-to-course-access).
 * - `revenue.plan.consented`: an owner agreed to the Revenue Share Terms (once per owner). Auth records the
 *   consent and `planStatus` (`rs_pending`, or `rs_active` when the consultation is already submitted) and
 *   makes the account a member; course enrols the owner in the programme's course (section 1 at once,
 *   sections 2-8 once the consultation is submitted).
 * - `revenue.customer.status-changed`: the owner's standing changed (`current`, `overdue`, `blocked`,
 *   docs/decisions.md, 27); the course service holds new sections back while it is `blocked`. The
 *   highest `sequence` wins (two changes may share a `changedAt`).
 * - `revenue.reminder.requested`: a reminder to e-mail the owner (automatic, at most once per owner, kind
 *   and period; or the admin's 'Send Reminder'); notification sends it (the revenue service keeps what was
 *   sent in its own reminders table).
 * - `revenue.share.due-changed`: what a report still owes, or whether it is verified, changed (submitted,
 *   verified, paid offline in part or in full, paid online, re-opened by a refund). The payment service
 *   keeps the newest per report (highest `sequence`) and prices a share's checkout from it
 *   (docs/decisions.md, 28).
 * - `revenue.share-payment.refused`: a paid revenue-share order could not be recorded (nothing, or less
 *   than it paid, was due on the report by then; or the report is not the payer's); the payment service
 *   refunds it automatically.
 * - `revenue.plan.left`: the owner left the programme (docs/decisions.md, 99); notification e-mails the
 *   owner a confirmation and the support inbox a notice.
 * - `revenue.agreement.issued`: the owner's signed agreement, once per plan, when auth first names the owner
 *   after the consent; notification e-mails it to the owner with its PDF attached (docs/decisions.md, 111).
 * - `revenue.report.dispute-changed`: an owner disputed a verified share, or the admin accepted or
 *   rejected the dispute (docs/behaviour/revenue-share.md#disputes); notification e-mails the owner and
 *   the admin.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { countedChange, emailedAccount } from './fields.js';
import { CustomerStatusSchema } from '../http/revenue/plan.js';
import { reportPeriod } from '../http/revenue/period.js';
import { cardLast4, isoDateTime } from '../http/fields.js';

const userId = z.string().min(1);

export const RevenuePlanConsentedSchema = z.object({
  planId: z.uuid(),
  userId,
  email: AccountEmailSchema,
  termsVersion: z.string().min(1),
  /** Cents. */
  baselineNetRevenue: z.number().int().nonnegative(),
  revenueSharePercentage: z.number().int().positive(),
  consentedAt: isoDateTime,
  implementationEndsAt: isoDateTime,
});
export type RevenuePlanConsented = z.infer<typeof RevenuePlanConsentedSchema>;

export const RevenueCustomerStatusChangedSchema = z.object({
  planId: z.uuid(),
  userId,
  status: CustomerStatusSchema,
  previousStatus: CustomerStatusSchema,
  /** Counted per owner. */
  ...countedChange,
});
export type RevenueCustomerStatusChanged = z.infer<typeof RevenueCustomerStatusChangedSchema>;

export const REVENUE_REMINDER_KINDS = [
  'consultation-24h',
  'consultation-72h',
  'consultation-7d',
  'report-upcoming',
  'report-due',
  'report-overdue',
  'payment-upcoming',
  'payment-due',
  'payment-overdue',
  'payment-card-notice',
  'payment-collection-failed',
  'payment-collection-stopped',
  'report-admin',
  'payment-admin',
] as const;
export const RevenueReminderKindSchema = z.enum(REVENUE_REMINDER_KINDS);
export type RevenueReminderKind = z.infer<typeof RevenueReminderKindSchema>;

export const RevenueReminderRequestedSchema = z.object({
  reminderId: z.uuid(),
  ...emailedAccount,
  kind: RevenueReminderKindSchema,
  trigger: z.enum(['automatic', 'admin']),
  /**
   * A rung of the reminder ladder (docs/behaviour/revenue-share.md#the-reminder-ladder): days from the
   * month's end (report reminders) or the share's due date (payment reminders), -3, 0, 3, 7 or 14; absent
   * for the consultation nudges and the admin's reminders.
   */
  step: z.number().int().optional(),
  /** Report reminders: the months to report (oldest first); empty otherwise. */
  months: z.array(z.object(reportPeriod)),
  /** Payment reminders: the verified shares still to pay (cents); empty otherwise. */
  shares: z.array(
    z.object({
      reportId: z.uuid(),
      ...reportPeriod,
      amountDue: z.number().int().positive(),
      dueDate: isoDateTime,
    }),
  ),
  /**
   * `payment-card-notice`: the card on file the shares will be charged to on their due date (docs/decisions.md,
   * 112); absent otherwise. Optional: reminders sent before it existed carry none.
   */
  card: z.object({ brand: z.string().min(1), last4: cardLast4 }).optional(),
  requestedAt: isoDateTime,
});
export type RevenueReminderRequested = z.infer<typeof RevenueReminderRequestedSchema>;

export const RevenueShareDueChangedSchema = z.object({
  reportId: z.uuid(),
  userId,
  ...reportPeriod,
  /** Cents still owed: the share less every payment recorded (offline and online); 0 once paid. */
  amountDue: z.number().int().nonnegative(),
  /** Only a verified share may be paid. */
  verified: z.boolean(),
  /** The owner's name as the revenue service knows it ('' when it does not), for the order. */
  firstName: z.string(),
  lastName: z.string(),
  /** Counted per report, from its first announcement. */
  ...countedChange,
});
export type RevenueShareDueChanged = z.infer<typeof RevenueShareDueChangedSchema>;

export const SHARE_PAYMENT_REFUSAL_REASONS = [
  'nothing-due',
  'more-than-due',
  'not-verified',
  'not-owner',
] as const;

export const RevenueSharePaymentRefusedSchema = z.object({
  orderId: z.uuid(),
  reportId: z.uuid(),
  userId,
  /** Cents the order paid. */
  amount: z.number().int().positive(),
  reason: z.enum(SHARE_PAYMENT_REFUSAL_REASONS),
  refusedAt: isoDateTime,
});
export type RevenueSharePaymentRefused = z.infer<typeof RevenueSharePaymentRefusedSchema>;

/** A dispute opened (`open`) or resolved (`accepted`, `rejected`); amounts in cents. */
export const RevenueReportDisputeChangedSchema = z.object({
  disputeId: z.uuid(),
  reportId: z.uuid(),
  ...emailedAccount,
  status: z.enum(['open', 'accepted', 'rejected']),
  /** The owner's reason. */
  reason: z.string(),
  /** The admin's reason (rejected) or note (accepted); null while open. */
  resolution: z.string().nullable(),
  ...reportPeriod,
  /** The share now (after an accepted dispute: recomputed). */
  shareOwed: z.number().int().nonnegative(),
  /** The share before an accepted dispute; null otherwise. */
  previousShareOwed: z.number().int().nonnegative().nullable(),
  changedAt: isoDateTime,
});
export type RevenueReportDisputeChanged = z.infer<typeof RevenueReportDisputeChangedSchema>;

/** The owner left the programme (once per plan); amounts in cents. */
export const RevenuePlanLeftSchema = z.object({
  planId: z.uuid(),
  ...emailedAccount,
  lastName: z.string(),
  /** The owner's reason. */
  reason: z.string(),
  /** What every report not fully paid still owes at leaving. */
  amountOwed: z.number().int().nonnegative(),
  leftAt: isoDateTime,
});
export type RevenuePlanLeft = z.infer<typeof RevenuePlanLeftSchema>;

export const RevenueAgreementIssuedSchema = z.object({
  planId: z.uuid(),
  ...emailedAccount,
  termsVersion: z.string().min(1),
  consentedAt: isoDateTime,
  /** The agreement's PDF (base64), the same file as `/api/revenue-share/agreement.pdf`, attached to the e-mail. */
  agreementPdf: z.base64().max(256_000),
});
export type RevenueAgreementIssued = z.infer<typeof RevenueAgreementIssuedSchema>;
