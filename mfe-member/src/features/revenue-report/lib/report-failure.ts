/**
 * What the owner is told when a call fails (docs/behaviour/revenue-share.md#messages). Pages pass the
 * refusal's status and server words (`ApiError.toFailure()`), or null when no answer came.
 */
import { REVENUE_REPORT_MESSAGES, SHARE_CHECKOUT_MESSAGES } from '@platform/contracts';

export type Refusal = { status: number; message: string | null } | null;

/**
 * 'Error' with the server's words when it refused the report's figures or period (400: they name the rule,
 * e.g. an overlapping period); otherwise 'Failed to submit revenue report. Please try again.'.
 */
export function describeReportFailure(refusal: Refusal): { title: string; description: string } {
  const description =
    refusal?.status === 400 && refusal.message ? refusal.message : REVENUE_REPORT_MESSAGES.failed;
  return { title: REVENUE_REPORT_MESSAGES.failedTitle, description };
}

/** 'Pay now' failed: the server's words ('Nothing is due on this report', …), else the general message. */
export function describeCheckoutFailure(refusal: Refusal): string {
  return refusal?.message || SHARE_CHECKOUT_MESSAGES.failed;
}
