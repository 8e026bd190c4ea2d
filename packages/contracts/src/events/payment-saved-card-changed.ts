/**
 * `payment.saved-card.changed`: the owner's card on file was saved, replaced or removed
 * (docs/behaviour/revenue-share.md#card-on-file; docs/decisions.md, 112). Emitted by the payment service,
 * which keeps the cards; the revenue service keeps the fact "card on file, ending 4242" per owner so its
 * reminder ladder announces the automatic charge instead of asking the owner to pay by link. Carries the
 * whole current state (`card` null once removed), so a consumer needs no earlier event; the highest
 * `sequence` wins, so a late "saved" delivered after a "removed" does not bring the card back.
 */
import { z } from 'zod';
import { SavedCardSchema } from '../http/payment/saved-card.js';
import { countedChange } from './fields.js';

/** What the revenue service needs of the card: which one, for the notice, and until when it is valid. */
export const SavedCardFactSchema = SavedCardSchema.pick({
  brand: true,
  last4: true,
  expMonth: true,
  expYear: true,
});
export type SavedCardFact = z.infer<typeof SavedCardFactSchema>;

export const PaymentSavedCardChangedSchema = z.object({
  userId: z.string().min(1),
  /** The card on file now; null once it was removed. */
  card: SavedCardFactSchema.nullable(),
  /**
   * Counted per owner's card changes, in the transaction of the change while it holds the owner's counter
   * row, so a later change always carries a higher number.
   */
  ...countedChange,
});
export type PaymentSavedCardChanged = z.infer<typeof PaymentSavedCardChangedSchema>;
