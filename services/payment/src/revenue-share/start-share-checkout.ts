/**
 * `POST /api/revenue-share-checkout { reportId }` (docs/decisions.md, 28): the owner of a verified, unpaid
 * revenue report pays its share through the normal checkout (the card provider). The order is priced from
 * the dues projection, the revenue service's own figure (its share less every payment recorded, the
 * admin's offline ones included); the browser names the report only. One line: 'Revenue share, <period>'.
 *
 * A second 'Pay now' while an earlier checkout of the report is pending first asks the provider about it:
 * still open (same amount and provider, young enough) → the same page again, so two tabs pay on one page
 * and can pay once; already paid (its webhook not here yet) → fulfilled now, and nothing is due (409).
 * Whatever still slips through (the amount changed in between, a page kept open for a day) is caught at
 * fulfilment and refunded automatically (orders/fulfil-order.ts, orders/automatic-refunds.ts).
 *
 * The card on file and 'Pay now' never both take the share: a card charge of the report asked and not
 * answered yet (its record failed, or its queue has not run) is answered first, asking the provider again
 * with its key (saved-cards/share-collection-charges.ts), before anything else and again with the due
 * locked; the order is stored with the report's due locked and still owing it (else 409, as after the card
 * paid it), and the collection closes every pending checkout of the report before it charges the card
 * (close-share-checkouts.ts); a checkout it closed while its page was being made is closed at the provider
 * too, and answered 409.
 */
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import {
  SHARE_CHECKOUT_MESSAGES,
  shareReturnPath,
  type CreateCheckoutSessionResponse,
} from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { findRow, type Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { UserCaller } from '@platform/service-kit/identity';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PricedOrder } from '../catalogue/price-order.js';
import { askProvider } from '../checkout/ask-provider.js';
import { CheckoutClosedError, openCheckout, providerFor } from '../checkout/start-checkout.js';
import { orders } from '../db/schema.js';
import { fulfilOrder } from '../orders/fulfil-order.js';
import type { OrderRow } from '../orders/orders.repository.js';
import type { PaymentProvider } from '../providers/payment-provider.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import { settleShareCollectionsOf } from '../saved-cards/share-collection-charges.js';
import { findShareDueOfUser, lockShareDue, type ShareDueRow } from './share-dues.repository.js';

/** The product id of a share's order line: not a catalogue product (its ids have no colon). */
export const REVENUE_SHARE_PRODUCT_ID = 'revenue-share';

/** Where the provider sends the owner back after paying: this service confirms, then the report page. */
export const SHARE_RETURN_PATH = '/api/revenue-share-checkout/return';

/**
 * A pending checkout younger than this is offered again rather than a second one (hosted checkouts stay
 * open for 24 hours: the test provider's and Stripe's by default).
 */
export const REOPEN_CHECKOUT_WITHIN_MS = 23 * HOUR;

export async function startShareCheckout(
  deps: PaymentDeps,
  caller: UserCaller,
  reportId: string,
): Promise<CreateCheckoutSessionResponse> {
  const provider = providerFor(deps, 'card');
  const owned = await findShareDueOfUser(deps.db, reportId, caller.userId);
  if (!owned) throw new AppError('not_found', SHARE_CHECKOUT_MESSAGES.notFound);
  // What a card charge asked before paid is not asked again (and a page is never opened beside it).
  const settled = await deps.db.transaction((tx) => settleShareCollectionsOf(deps, tx, reportId));
  const due = settled > 0 ? await findShareDueOfUser(deps.db, reportId, caller.userId) : owned;
  if (!due) throw new AppError('not_found', SHARE_CHECKOUT_MESSAGES.notFound);
  if (!due.verified || due.amountDue <= 0) throw new AppError('conflict', SHARE_CHECKOUT_MESSAGES.nothingDue);

  const earlier = await findPendingShareOrder(deps.db, reportId, caller.userId);
  if (earlier?.providerSessionId) {
    const reopened = await settleOrReopen(deps, earlier, earlier.providerSessionId, { provider, due });
    if (reopened) return reopened;
  }

  const opened = await openCheckout(deps, {
    provider,
    method: 'card',
    priced: priceShare(due),
    customer: {
      email: caller.email.toLowerCase(),
      firstName: due.firstName,
      lastName: due.lastName,
      billingInfo: null,
    },
    userId: caller.userId,
    urls: shareCheckoutUrls(deps, provider),
    revenueReportId: reportId,
    claim: async (tx) => {
      // A collection's card charge asked since (its request committed meanwhile) is answered first too.
      await settleShareCollectionsOf(deps, tx, reportId);
      const locked = await lockShareDue(tx, reportId);
      if (!locked?.verified || locked.userId !== caller.userId || locked.amountDue < due.amountDue) {
        throw new AppError('conflict', SHARE_CHECKOUT_MESSAGES.nothingDue);
      }
    },
  }).catch((error: unknown) => {
    if (error instanceof CheckoutClosedError)
      throw new AppError('conflict', SHARE_CHECKOUT_MESSAGES.nothingDue);
    throw error;
  });
  return { sessionId: opened.checkout.providerSessionId, url: opened.checkout.url };
}

/** One line: the share still owed, as the revenue service computed it. */
export function priceShare(due: ShareDueRow): PricedOrder {
  return {
    lines: [
      {
        productId: REVENUE_SHARE_PRODUCT_ID,
        name: `Revenue share, ${periodLabel(due.periodStart, due.periodEnd)}`,
        unitPrice: due.amountDue,
        quantity: 1,
        courseId: null,
        billingInterval: null,
        billingIntervalCount: null,
      },
    ],
    total: due.amountDue,
    currency: 'USD',
  };
}

/** 'March 2030' for a whole calendar month, else 'March 3, 2030 – March 28, 2030' (UTC days). */
export function periodLabel(periodStart: string, periodEnd: string): string {
  const start = new Date(`${periodStart}T00:00:00.000Z`);
  const end = new Date(`${periodEnd}T00:00:00.000Z`);
  const lastOfMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  const wholeMonth = start.getUTCDate() === 1 && end.getTime() === lastOfMonth.getTime();
  if (wholeMonth) {
    return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      start,
    );
  }
  if (periodStart === periodEnd) return formatDate(start, EMAIL_DATE);
  return `${formatDate(start, EMAIL_DATE)} – ${formatDate(end, EMAIL_DATE)}`;
}

/**
 * Back to the owner's report page: through this service's return (which asks the provider and fulfils)
 * after paying, straight to `/revenue-report?payment=cancelled|failed` otherwise. The test provider's page
 * is on our own origin, so its links stay relative; Stripe needs absolute addresses.
 */
export function shareCheckoutUrls(deps: PaymentDeps, provider: PaymentProvider) {
  const site = (path: string) => (provider.name === 'test' ? path : `${deps.config.PUBLIC_BASE_URL}${path}`);
  return {
    successUrl: site(SHARE_RETURN_PATH),
    cancelUrl: site(shareReturnPath('cancelled')),
    failureUrl: site(shareReturnPath('failed')),
  };
}

/**
 * The earlier checkout, as its provider sees it now: the same page again while it is open and still
 * right; a refusal (409) when it was paid meanwhile (fulfilled here and now, through the one fulfilment);
 * null when a new checkout is needed (it failed, expired, or asks another amount than is due now).
 */
async function settleOrReopen(
  deps: PaymentDeps,
  earlier: OrderRow,
  sessionId: string,
  { provider, due }: { provider: PaymentProvider; due: ShareDueRow },
): Promise<CreateCheckoutSessionResponse | null> {
  const itsProvider = providerNamed(deps.runtime, earlier.provider);
  if (!itsProvider) return null;
  const payment = await askProvider(deps.logger, 'getPaymentStatus', () =>
    itsProvider.getPaymentStatus(sessionId),
  );
  if (payment.status === 'paid') {
    const { outcome } = await fulfilOrder(deps, { orderId: earlier.id, payment, source: 'grant' });
    if (outcome === 'fulfilled' || outcome === 'already-fulfilled') {
      throw new AppError('conflict', SHARE_CHECKOUT_MESSAGES.nothingDue);
    }
    return null;
  }
  const young = earlier.createdAt.getTime() > deps.clock.now().getTime() - REOPEN_CHECKOUT_WITHIN_MS;
  if (
    payment.status === 'pending' &&
    young &&
    earlier.provider === provider.name &&
    earlier.total === due.amountDue &&
    earlier.checkoutUrl
  ) {
    deps.logger.info({ orderId: earlier.id, reportId: due.reportId }, 'share checkout reopened');
    return { sessionId, url: earlier.checkoutUrl };
  }
  return null;
}

/** The newest pending checkout of the owner's report, if any. */
async function findPendingShareOrder(
  db: Executor,
  reportId: string,
  userId: string,
): Promise<OrderRow | null> {
  return findRow(
    db,
    orders,
    and(
      eq(orders.revenueReportId, reportId),
      eq(orders.placedByUserId, userId),
      eq(orders.status, 'pending'),
      isNotNull(orders.providerSessionId),
    ),
    { orderBy: [desc(orders.createdAt)] },
  );
}
