/**
 * Automatic collection of revenue shares from the card on file (docs/behaviour/revenue-share.md#automatic-collection).
 * - `revenue.share.collection-requested`: a verified share is due (or a retry of it is), so the revenue
 *   service asks the payment service to charge the owner's saved card off-session. One per report and
 *   attempt (the revenue service's unique index), whatever the number of replicas; `collectionId` names the
 *   attempt, and the payment service charges each one at most once (its own primary key, and the provider's
 *   idempotency key). A charge that succeeds arrives as `payment.order.paid` with `revenueReportId` and
 *   the attempt's `collectionId`, which answers it.
 * - `payment.share-collection.failed`: the attempt charged nothing: no card on file, a decline the schedule
 *   retries (`declined`), or a hard decline it does not (`hard-decline`); or it took nothing in the end:
 *   `not-needed`, nothing was due when it came or its charge was refunded automatically (the share was paid
 *   or lowered meanwhile), and the schedule goes on with whatever is still owed, as after a decline;
 *   `refunded`, the admin (or the provider's dashboard) refunded its charge, and the card is not charged
 *   again for the share: it is paid by link. The owner is e-mailed about neither. Every attempt is answered
 *   once: the revenue service asks for no further attempt while one is unanswered.
 */
import { z } from 'zod';
import { reportPeriod } from '../http/revenue/period.js';
import { isoDateTime } from '../http/fields.js';

/** The attempts of one share: on the due date, then 3, 7 and 14 days after it. */
export const SHARE_COLLECTION_RETRY_DAYS = [0, 3, 7, 14] as const;

export const RevenueShareCollectionRequestedSchema = z.object({
  collectionId: z.uuid(),
  reportId: z.uuid(),
  userId: z.string().min(1),
  /** 1 for the attempt on the due date, up to SHARE_COLLECTION_RETRY_DAYS.length. */
  attempt: z.number().int().min(1).max(SHARE_COLLECTION_RETRY_DAYS.length),
  /** Cents still owed on the report when the attempt was asked for. */
  amount: z.number().int().positive(),
  ...reportPeriod,
  requestedAt: isoDateTime,
});
export type RevenueShareCollectionRequested = z.infer<typeof RevenueShareCollectionRequestedSchema>;

export const SHARE_COLLECTION_FAILURES = [
  'no-card',
  'declined',
  'hard-decline',
  'not-needed',
  'refunded',
] as const;
export const ShareCollectionFailureSchema = z.enum(SHARE_COLLECTION_FAILURES);
export type ShareCollectionFailure = z.infer<typeof ShareCollectionFailureSchema>;

export const PaymentShareCollectionFailedSchema = z.object({
  collectionId: z.uuid(),
  reportId: z.uuid(),
  userId: z.string().min(1),
  attempt: z.number().int().positive(),
  reason: ShareCollectionFailureSchema,
  /** The provider's words for the decline ('Your card has insufficient funds.'), '' without a card. */
  message: z.string().max(500),
  failedAt: isoDateTime,
});
export type PaymentShareCollectionFailed = z.infer<typeof PaymentShareCollectionFailedSchema>;
