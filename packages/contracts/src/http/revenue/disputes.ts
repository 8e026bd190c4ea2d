/**
 * Disputes of a verified share (docs/behaviour/revenue-share.md#disputes):
 *
 *   POST /api/revenue-reports/:id/dispute                    { reason }   the report's owner (404 others)
 *   POST /api/admin/revenue-reports/:id/dispute/accept       { grossRevenue, businessExpenses, netRevenue, note? }
 *   POST /api/admin/revenue-reports/:id/dispute/reject       { reason }
 *
 * An owner disputes within `DISPUTE_WINDOW_DAYS` of the verification, once per report (409 outside the
 * window or when the report already has a dispute). The admin's answers need an open dispute (409 else).
 * Accepting recomputes the share from the corrected figures (cents) with the report's own baseline.
 */
import { z } from 'zod';
import { optionalTextField, reasonBodySchema } from '../text.js';
import { checkNetRevenue, REVENUE_FIGURE_FIELDS } from './report.js';
import { ReportDisputeSchema } from './dispute-view.js';
import { actionSucceeded } from '../fields.js';

export * from './dispute-view.js';

/** Days after the verification within which the owner may dispute a share. */
export const DISPUTE_WINDOW_DAYS = 5;
export const DISPUTE_REASON_MAX = 2000;

export const REPORT_DISPUTE_MESSAGES = {
  reasonRequired: 'Please say why you dispute this share',
  reasonTooLong: `The reason must be at most ${DISPUTE_REASON_MAX} characters`,
  rejectReasonRequired: 'Please give a reason for rejecting the dispute',
  noteTooLong: `The note must be at most ${DISPUTE_REASON_MAX} characters`,
  notVerified: 'Only a verified share can be disputed',
  windowClosed: `A share can be disputed within ${DISPUTE_WINDOW_DAYS} days of its verification`,
  alreadyDisputed: 'This report has already been disputed',
  estimateClosed: 'This estimate was replaced by your report for the month',
  noOpenDispute: 'This report has no open dispute',
  belowPaid: 'The corrected share is less than what was already paid for this report',
  opened:
    'Your dispute has been sent. Reminders and collection for this share are paused until it is resolved.',
  accepted: 'Dispute accepted; the share was recomputed from the corrected figures',
  rejected: 'Dispute rejected',
} as const;

export const DisputeReportRequestSchema = reasonBodySchema(DISPUTE_REASON_MAX, {
  required: REPORT_DISPUTE_MESSAGES.reasonRequired,
  tooLong: REPORT_DISPUTE_MESSAGES.reasonTooLong,
});
export type DisputeReportRequest = z.infer<typeof DisputeReportRequestSchema>;

export const RejectDisputeRequestSchema = reasonBodySchema(DISPUTE_REASON_MAX, {
  required: REPORT_DISPUTE_MESSAGES.rejectReasonRequired,
  tooLong: REPORT_DISPUTE_MESSAGES.reasonTooLong,
});
export type RejectDisputeRequest = z.infer<typeof RejectDisputeRequestSchema>;

/** The corrected figures, in cents, as the report form takes them (net = gross − expenses). */
export const AcceptDisputeRequestSchema = z
  .object({
    ...REVENUE_FIGURE_FIELDS,
    note: optionalTextField({
      max: DISPUTE_REASON_MAX,
      multiline: true,
      tooLong: REPORT_DISPUTE_MESSAGES.noteTooLong,
    }),
  })
  .superRefine(checkNetRevenue);
export type AcceptDisputeRequest = z.input<typeof AcceptDisputeRequestSchema>;

export const ReportDisputeResponseSchema = z.object({
  ...actionSucceeded,
  dispute: ReportDisputeSchema,
});
export type ReportDisputeResponse = z.infer<typeof ReportDisputeResponseSchema>;
