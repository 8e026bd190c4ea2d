/**
 * `POST /api/revenue-share-checkout` (docs/decisions.md, 28): the owner of a verified, unpaid revenue
 * report pays its share online through the normal checkout. The browser names the report only; the payment
 * service prices the order from the revenue service's own figure (an event-fed projection), less what the
 * admin already recorded as paid offline. 200 `CreateCheckoutSessionResponse` (the provider's page to open);
 * 400 for a malformed id; 401 for visitors; 404 for a report that is not the caller's; 409 when nothing is
 * due on it (not verified yet, or already paid).
 */
import { z } from 'zod';
import { ProviderSessionIdSchema } from './grant-course-access.js';

export const SHARE_CHECKOUT_MESSAGES = {
  reportId: 'reportId must be a revenue report id',
  notFound: 'Revenue report not found',
  nothingDue: 'Nothing is due on this report',
  payNow: 'Pay now',
  failed: 'Could not start the payment. Please try again.',
} as const;

export const ShareCheckoutRequestSchema = z.object({
  reportId: z.uuid({ error: SHARE_CHECKOUT_MESSAGES.reportId }),
});
export type ShareCheckoutRequest = z.infer<typeof ShareCheckoutRequestSchema>;

/**
 * `GET /api/revenue-share-checkout/return?session_id=…`: where the card provider sends the owner back after
 * paying. The payment service asks the provider, fulfils when paid, and sends the browser on to
 * `/revenue-report?payment=<outcome>` (`shareReturnPath`). An id that is not plain text finds no order.
 */
export const ShareReturnQuerySchema = z
  .object({ session_id: z.unknown().optional() })
  .transform(({ session_id }) => ({ sessionId: ProviderSessionIdSchema.safeParse(session_id).data }));
