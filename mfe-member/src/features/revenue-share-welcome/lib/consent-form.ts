/**
 * The consent form's rules (docs/behaviour/revenue-share.md#welcome-and-consent-page; docs/decisions.md, 25):
 * the optional baseline typed in whole dollars becomes cents (empty: 0, the whole net revenue counts), the
 * box must be ticked, and the request goes through the contracts' schema, so its messages are the server's.
 * A refusal is told with the server's words.
 */
import { z } from 'zod';
import {
  REVENUE_CONSENT_MESSAGES,
  REVENUE_SHARE_TERMS_VERSION,
  RevenueShareConsentRequestSchema,
} from '@platform/contracts';
import type { RevenueShareConsentRequest } from '@platform/contracts';
import { dollarInputToCents } from '../../revenue-report/lib/money-input';

export type ConsentFormValues = { baselineNetRevenue: string; consentToTerms: boolean };

export const EMPTY_CONSENT_FORM: ConsentFormValues = { baselineNetRevenue: '', consentToTerms: false };

export function toConsentRequest(values: ConsentFormValues): RevenueShareConsentRequest {
  return {
    consentToTerms: values.consentToTerms as true,
    termsVersion: REVENUE_SHARE_TERMS_VERSION,
    baselineNetRevenue: dollarInputToCents(values.baselineNetRevenue) ?? 0,
  };
}

export const ConsentFormSchema = z
  .object({ baselineNetRevenue: z.string(), consentToTerms: z.boolean() })
  .transform(toConsentRequest)
  .pipe(RevenueShareConsentRequestSchema);

/** The error toast's text: the server's words, or the general failure; no answer at all: the exception. */
export function describeConsentFailure(refusal: { message: string | null } | null): string {
  if (refusal === null) return REVENUE_CONSENT_MESSAGES.exception;
  return refusal.message || REVENUE_CONSENT_MESSAGES.failed;
}
