/**
 * `POST /api/revenue-share-consent` (docs/behaviour/revenue-share.md#welcome-and-consent-page): a signed-in
 * owner agrees to the Revenue Share Terms and may state the average monthly net revenue before the
 * programme (`baselineNetRevenue`, cents; docs/decisions.md, 25). 200 `RevenueShareConsentResponse` with
 * the plan (a second consent answers the plan as it stands and changes nothing); 400 with the first
 * failing field's message; 401 for visitors; 403 for the support admin (docs/decisions.md, 53).
 */
import { z } from 'zod';
import { MAX_REVENUE_CENTS, REVENUE_SHARE_TERMS_VERSION } from './share.js';
import { RevenuePlanSchema } from './plan.js';
import { actionSucceeded } from '../fields.js';

export const REVENUE_CONSENT_MESSAGES = {
  consentRequired: 'You must agree to the Revenue Share Terms to continue',
  termsVersion: `Please reload the page and agree to the current Revenue Share Terms (${REVENUE_SHARE_TERMS_VERSION})`,
  baselineWhole: 'Baseline net revenue must be a whole number of cents',
  baselinePositive: 'Baseline net revenue must be positive',
  baselineTooLarge: 'Baseline net revenue is too large',
  /** 403 for the support admin (docs/decisions.md, 53). */
  adminCannotJoin: 'The support account cannot join the revenue-share plan',
  /** The page: 'Start Free Implementation' while sending, the toast, the failures. */
  processing: 'Processing...',
  welcomeTitle: 'Welcome to Revenue Share!',
  failed: 'Failed to process consent. Please try again.',
  exception: 'An error occurred. Please try again.',
  checkboxLabel: `I agree to the Revenue Share Terms (${REVENUE_SHARE_TERMS_VERSION})`,
} as const;

export const RevenueShareConsentRequestSchema = z.object({
  consentToTerms: z.literal(true, { error: REVENUE_CONSENT_MESSAGES.consentRequired }),
  termsVersion: z
    .literal(REVENUE_SHARE_TERMS_VERSION, { error: REVENUE_CONSENT_MESSAGES.termsVersion })
    .default(REVENUE_SHARE_TERMS_VERSION),
  /** Cents; absent or null means 0 (the whole net revenue counts). */
  baselineNetRevenue: z
    .number({ error: REVENUE_CONSENT_MESSAGES.baselineWhole })
    .int(REVENUE_CONSENT_MESSAGES.baselineWhole)
    .min(0, REVENUE_CONSENT_MESSAGES.baselinePositive)
    .max(MAX_REVENUE_CENTS, REVENUE_CONSENT_MESSAGES.baselineTooLarge)
    .nullish()
    .transform((value) => value ?? 0),
});
/** What the page sends. */
export type RevenueShareConsentRequest = z.input<typeof RevenueShareConsentRequestSchema>;
export type RevenueShareConsentRequestParsed = z.output<typeof RevenueShareConsentRequestSchema>;

export const RevenueShareConsentResponseSchema = z.object({
  ...actionSucceeded,
  /** False when the owner had already consented: the plan is as it was. */
  created: z.boolean(),
  plan: RevenuePlanSchema,
});
export type RevenueShareConsentResponse = z.infer<typeof RevenueShareConsentResponseSchema>;
