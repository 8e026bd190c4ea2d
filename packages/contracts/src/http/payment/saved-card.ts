/**
 * The owner's card on file (docs/behaviour/revenue-share.md#card-on-file), kept by the payment service
 * for the automatic collection of revenue shares. Saving charges nothing.
 *
 * - `GET /api/saved-card` → `MySavedCardSchema` (signed in; `card` null without one).
 * - `POST /api/saved-card/setup` `SavedCardSetupRequestSchema` → `SavedCardSetupResponseSchema`: the page
 *   where the card is entered (Stripe Checkout in setup mode, or the test provider's TEST MODE page);
 *   503 without a card provider. A new card replaces the one on file.
 * - `DELETE /api/saved-card` → `MySavedCardSchema` with `card` null (nothing on file is fine too).
 * - The setup page sends the owner back to `/revenue-report?card=saved|cancelled|failed` (or the dashboard,
 *   the welcome page, or Orders & billing, where a payment plan's buyer changes the card it charges).
 */
import { z } from 'zod';
import { cardLast4, isoDateTime } from '../fields.js';

export const SAVED_CARD_MESSAGES = {
  returnTo: 'returnTo must be revenue-report, dashboard, revenue-share-welcome or orders',
  unavailable: 'Saving a card is not available right now.',
  setupNotFound: 'Card setup not found',
} as const;

export const SAVED_CARD_RETURN_PAGES = [
  'revenue-report',
  'dashboard',
  'revenue-share-welcome',
  'orders',
] as const;
export const SavedCardReturnPageSchema = z.enum(SAVED_CARD_RETURN_PAGES, {
  error: SAVED_CARD_MESSAGES.returnTo,
});
export type SavedCardReturnPage = z.infer<typeof SavedCardReturnPageSchema>;

export const SAVED_CARD_OUTCOMES = ['saved', 'cancelled', 'failed'] as const;
export type SavedCardOutcome = (typeof SAVED_CARD_OUTCOMES)[number];

export const SAVED_CARD_OUTCOME_PARAM = 'card';

/** The outcome a page's address carries after the card page, or null for anything else. */
export function readSavedCardOutcome(value: string | null | undefined): SavedCardOutcome | null {
  return SAVED_CARD_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/** Where the owner lands after the card page: `/revenue-report?card=saved`, `/dashboard?card=cancelled`. */
export function savedCardReturnPath(page: SavedCardReturnPage, outcome: SavedCardOutcome): string {
  return `/${page}?${SAVED_CARD_OUTCOME_PARAM}=${outcome}`;
}

export const SavedCardSetupRequestSchema = z.strictObject({
  returnTo: SavedCardReturnPageSchema.default('revenue-report'),
});
export type SavedCardSetupRequest = z.infer<typeof SavedCardSetupRequestSchema>;

export const SavedCardSetupResponseSchema = z.object({ url: z.string().min(1) });
export type SavedCardSetupResponse = z.infer<typeof SavedCardSetupResponseSchema>;

export const SavedCardSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  /** 'Visa', 'Mastercard', … as the provider names it. */
  brand: z.string(),
  last4: cardLast4,
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  savedAt: isoDateTime,
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const MySavedCardSchema = z.object({
  card: SavedCardSchema.nullable(),
  /** True when cards are saved with the built-in test provider (no real card, no money). */
  testMode: z.boolean(),
  /** False when no card provider is configured: the owner pays by link only. */
  available: z.boolean(),
});
export type MySavedCard = z.infer<typeof MySavedCardSchema>;

/** The test provider's setup page: the card the tester picks, and how it behaves when charged later. */
export const TEST_SAVED_CARDS = {
  pays: { last4: '4242', label: 'Visa ending 4242: every charge succeeds' },
  declines: { last4: '0341', label: 'Visa ending 0341: charges are declined (insufficient funds)' },
  'hard-declines': { last4: '0069', label: 'Visa ending 0069: charges are declined for good (expired card)' },
} as const;
export type TestSavedCardBehaviour = keyof typeof TEST_SAVED_CARDS;
export const TestSavedCardFormSchema = z.object({
  card: z.enum(Object.keys(TEST_SAVED_CARDS) as [TestSavedCardBehaviour, ...TestSavedCardBehaviour[]], {
    error: 'card must be pays, declines or hard-declines',
  }),
});
