/**
 * The consent form's rules (docs/behaviour/revenue-share.md#welcome-and-consent-page; docs/decisions.md, 25):
 * the optional baseline typed in dollars and cents is read by the one money parser (empty: 0, the whole net
 * revenue counts; docs/decisions.md, 67), the
 * box must be ticked, and the request goes through the contracts' schema, so its messages are the server's.
 * A refusal is told with the server's words.
 */
import { z } from 'zod';
import {
  MAX_REVENUE_CENTS,
  REVENUE_CONSENT_MESSAGES,
  REVENUE_SHARE_TERMS_VERSION,
  RevenueShareConsentRequestSchema,
  moneyTextField,
} from '@platform/contracts';
import type { RevenueShareConsentRequest } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import type { MoneyInputRules } from '@platform/contracts/format';

export type ConsentFormValues = { baselineNetRevenue: string; consentToTerms: boolean };

export const EMPTY_CONSENT_FORM: ConsentFormValues = { baselineNetRevenue: '', consentToTerms: false };

/** The baseline is optional: empty means 0. */
export const BASELINE_RULES = {
  emptyAs: 0,
  max: MAX_REVENUE_CENTS,
  messages: {
    negative: REVENUE_CONSENT_MESSAGES.baselinePositive,
    tooLarge: REVENUE_CONSENT_MESSAGES.baselineTooLarge,
  },
} as const satisfies MoneyInputRules;

export function toConsentRequest(values: {
  baselineNetRevenue: number;
  consentToTerms: boolean;
}): RevenueShareConsentRequest {
  return {
    consentToTerms: values.consentToTerms as true,
    termsVersion: REVENUE_SHARE_TERMS_VERSION,
    baselineNetRevenue: values.baselineNetRevenue,
  };
}

export const ConsentFormSchema = z
  .object({ baselineNetRevenue: moneyTextField(BASELINE_RULES), consentToTerms: z.boolean() })
  .transform(toConsentRequest)
  .pipe(RevenueShareConsentRequestSchema);

/** The error toast's text: the server's words, or the general failure; no answer at all: the exception. */
export function describeConsentFailure(refusal: { message: string | null } | null): string {
  if (refusal === null) return REVENUE_CONSENT_MESSAGES.exception;
  return refusal.message || REVENUE_CONSENT_MESSAGES.failed;
}

/**
 * The welcome toast's words when the plan on file keeps another baseline than the one just sent: consent
 * is recorded once (a second one changes nothing), so an owner who typed a new baseline after a press whose
 * answer was lost learns which one their share is counted from. Null when they agree.
 */
export function describeRecordedBaseline(recordedBaseline: number, sentBaseline: number): string | null {
  if (recordedBaseline === sentBaseline) return null;
  return `You had already agreed, with a baseline of ${formatMoney(recordedBaseline)}. It stays as agreed.`;
}
