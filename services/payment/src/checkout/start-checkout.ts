/**
 * Starts a checkout: prices the items from the catalogue projection (never from the browser), stores the
 * order and its lines, then asks the method's provider for a hosted checkout and remembers its id. If the
 * provider fails, the order is marked failed and the buyer gets a 502 with the spec's message.
 *
 * `openCheckout` is the part every checkout shares once its lines are priced: a cart's (here) and a revenue
 * share's (revenue-share/start-share-checkout.ts, priced from the revenue service's figure).
 */
import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  checkoutReturnPath,
  type BillingInfo,
  type CheckoutLine,
  type CheckoutQuote,
} from '@platform/contracts';
import { MINUTE } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { applyCoupon } from '../coupons/apply-coupon.js';
import { priceOrder, type PricedLine, type PricedOrder } from '../catalogue/price-order.js';
import type { PaymentConfig } from '../config.js';
import {
  findOrder,
  findPendingOrderByClientRequestId,
  insertOrder,
  updateOrder,
  type OrderRow,
  type OrderWithLines,
} from '../orders/orders.repository.js';
import { findOwnedProducts, isOnePerPerson, isOwnable } from '../orders/owned-products.js';
import type {
  CheckoutUrls,
  CreatedCheckout,
  PaymentProvider,
  RecurringInterval,
} from '../providers/payment-provider.js';
import { planInstalmentOf, pricePlanCheckout } from '../payment-plans/plan-checkout.js';
import type { PaymentDeps } from '../runtime.js';
import { WALLET_CANCEL_PATH } from './complete-wallet-return.js';

export type CheckoutMethod = 'card' | 'wallet';

export const CHECKOUT_ERRORS = {
  cardUnavailable: 'Card payments are not available right now.',
  walletUnavailable: 'PayPal payments are not available right now.',
  amountChanged: 'The order total has changed. Please review your cart and try again.',
  subscriptionWithOthers:
    'A membership plan renews by itself, so it must be bought on its own. Please remove the other products from your cart.',
  oneSubscription: 'Only one membership plan can be bought at a time.',
  onePerPerson: (name: string) => `The ${name} is bought once per person, so its quantity must be 1.`,
  ownedByAccount: (name: string) =>
    `You already have the ${name} on your account, so there is nothing to pay. Open your dashboard to use it.`,
  ownedByEmail: (name: string, email: string) =>
    `The ${name} was already bought with ${email}, so there is nothing to pay. Sign in with that e-mail address to use it.`,
} as const;

export interface StartCheckoutOptions {
  method: CheckoutMethod;
  items: CheckoutLine[];
  billing: BillingInfo;
  /** Dollars the page showed (wallet flow): refused when it disagrees with the server's total. */
  expectedAmount?: number;
  /** The signed-in buyer: the purchase goes to their account, whatever billing e-mail they typed. */
  account?: { userId: string; email: string };
  /** A coupon code, upper-case (coupons/apply-coupon.ts). */
  couponCode?: string;
  /** The page's id for what it sends: sent again, the same pending order's checkout (decision 121). */
  requestId?: string;
}

export interface StartedCheckout {
  order: OrderRow;
  checkout: CreatedCheckout;
}

/** The method's provider, or 503 when none takes it. */
export function providerFor(deps: PaymentDeps, method: CheckoutMethod): PaymentProvider {
  const provider = method === 'card' ? deps.runtime.card : deps.runtime.wallet;
  if (!provider) {
    throw new AppError(
      'unavailable',
      method === 'card' ? CHECKOUT_ERRORS.cardUnavailable : CHECKOUT_ERRORS.walletUnavailable,
    );
  }
  return provider;
}

export async function startCheckout(
  deps: PaymentDeps,
  options: StartCheckoutOptions,
): Promise<StartedCheckout> {
  const provider = providerFor(deps, options.method);

  const { billing, account } = options;
  const email = billing.email.toLowerCase();
  const listed = await priceOrder(deps.db, options.items);
  if (provider.subscriptions) refuseUnsubscribableCart(listed.lines);
  const onceTooOften = listed.lines.find((line) => isOnePerPerson(line) && line.quantity !== 1);
  if (onceTooOften) throw new AppError('invalid', CHECKOUT_ERRORS.onePerPerson(onceTooOften.name));
  const priced = options.couponCode
    ? await applyCoupon(deps.db, listed, options.couponCode, {
        now: deps.clock.now(),
        accountEmail: account?.email.toLowerCase() ?? email,
      })
    : listed;
  const charged = pricePlanCheckout(priced, {
    method: options.method,
    provider,
    signedIn: Boolean(account),
    couponCode: options.couponCode,
  });
  if (options.expectedAmount !== undefined && Math.round(options.expectedAmount * 100) !== charged.total) {
    throw new AppError('invalid', CHECKOUT_ERRORS.amountChanged);
  }

  await refuseWhatIsOwned(deps, priced.lines, account ?? { email });
  return openCheckout(deps, {
    provider,
    method: options.method,
    priced: charged,
    customer: {
      email,
      firstName: billing.firstName,
      lastName: billing.lastName,
      billingInfo: { ...billing, email },
    },
    userId: account?.userId,
    accountEmail: account?.email ?? email,
    requestId: options.requestId,
  });
}

/**
 * What a checkout of these items with this code would charge, priced as `startCheckout` prices it (the
 * checkout's summary). A guest's once-per-customer use is checked when they check out.
 */
export async function quoteCheckout(
  deps: PaymentDeps,
  options: { items: CheckoutLine[]; couponCode?: string; accountEmail?: string },
): Promise<CheckoutQuote> {
  const listed = await priceOrder(deps.db, options.items);
  const priced = options.couponCode
    ? await applyCoupon(deps.db, listed, options.couponCode, {
        now: deps.clock.now(),
        accountEmail: options.accountEmail?.toLowerCase(),
      })
    : listed;
  return {
    lines: priced.lines.map(({ productId, name, unitPrice, quantity }) => ({
      productId,
      name,
      unitPrice,
      quantity,
    })),
    subtotal: listed.total,
    discount: priced.discount?.amount ?? 0,
    total: priced.total,
    coupon: priced.discount ? { code: priced.discount.code, label: priced.discount.label } : null,
  };
}

/**
 * 409 when the account the purchase would go to already has one of its one-per-person products or an
 * active membership plan of it (docs/behaviour/checkout-and-payments.md#one-per-person).
 */
async function refuseWhatIsOwned(
  deps: PaymentDeps,
  lines: PricedLine[],
  account: { userId?: string; email: string },
): Promise<void> {
  const ownable = lines.filter((line) => isOwnable(line));
  const owned = await findOwnedProducts(deps.db, {
    accountEmail: account.email,
    userId: account.userId,
    productIds: ownable.map((line) => line.productId),
  });
  const line = ownable.find((candidate) => owned.some((row) => row.productId === candidate.productId));
  if (!line) return;
  throw new AppError(
    'conflict',
    account.userId
      ? CHECKOUT_ERRORS.ownedByAccount(line.name)
      : CHECKOUT_ERRORS.ownedByEmail(line.name, account.email.toLowerCase()),
  );
}

export interface OpenCheckoutOptions {
  provider: PaymentProvider;
  method: CheckoutMethod;
  /** The lines and total, priced by the server. */
  priced: PricedOrder;
  customer: { email: string; firstName: string; lastName: string; billingInfo: BillingInfo | null };
  userId?: string;
  /** The account the purchase goes to (the signed-in buyer's e-mail); by default the customer's. */
  accountEmail?: string;
  /** Where the provider sends the buyer back; by default the checkout's own pages (`checkoutUrls`). */
  urls?: CheckoutUrls;
  /** Set for a revenue-share order: the report it pays (docs/decisions.md, 28). */
  revenueReportId?: string;
  /**
   * Runs in the order's insert transaction, before the insert: a share checkout locks its report's due
   * there and throws when the report no longer owes what the order asks.
   */
  claim?: (tx: Executor) => Promise<void>;
  /**
   * The checkout page's id for what it sends (docs/decisions.md, 121): while an order made under it is
   * pending, the same checkout sent again answers that order's checkout; other values under it are 409.
   */
  requestId?: string;
}

/**
 * The order stopped being pending while its provider's page was being made (a share whose card on file
 * was charged meanwhile): the page was closed, and nobody is sent to it.
 */
export class CheckoutClosedError extends Error {
  override name = 'CheckoutClosedError';
}

/**
 * Stores the pending order with its priced lines, asks the provider for its hosted checkout and remembers
 * the checkout's id and page. A provider that refuses fails the order and answers 502.
 */
export async function openCheckout(
  deps: PaymentDeps,
  options: OpenCheckoutOptions,
): Promise<StartedCheckout> {
  const { provider, priced, customer } = options;
  if (options.requestId) {
    const earlier = await findPendingOrderByClientRequestId(deps.db, options.requestId);
    if (earlier) return checkoutSentAgain(earlier, options);
  }
  const now = deps.clock.now();
  const id = randomUUID();
  const email = customer.email;
  const inserted = await deps.db.transaction(async (tx) => {
    await options.claim?.(tx);
    return insertOrder(
      tx,
      {
        id,
        status: 'pending',
        provider: provider.name,
        method: options.method,
        customerEmail: email,
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        billingInfo: customer.billingInfo,
        placedByUserId: options.userId ?? null,
        accountEmail: (options.accountEmail ?? email).toLowerCase(),
        revenueReportId: options.revenueReportId ?? null,
        total: priced.total,
        discount: priced.discount?.amount ?? 0,
        couponId: priced.discount?.couponId ?? null,
        couponCode: priced.discount?.code ?? null,
        currency: priced.currency,
        clientRequestId: options.requestId ?? null,
        createdAt: now,
        updatedAt: now,
      },
      priced.lines,
    );
  });
  if (!inserted) {
    // The same checkout sent twice at once: the other request stored it first.
    const earlier = await findPendingOrderByClientRequestId(deps.db, options.requestId!);
    if (!earlier) throw new AppError('conflict', CHECKOUT_MESSAGES.checkoutBeingPrepared);
    return checkoutSentAgain(earlier, options);
  }

  let checkout: CreatedCheckout;
  try {
    checkout = await provider.createCheckout(
      {
        id,
        lines: priced.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
          recurring: recurringOf(line),
        })),
        total: priced.total,
        currency: priced.currency,
        ...(priced.discount
          ? {
              discount: {
                code: priced.discount.code,
                label: priced.discount.label,
                amount: priced.discount.amount,
              },
            }
          : {}),
        customerEmail: email,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        planInstalment: planInstalmentOf(priced.lines),
      },
      options.urls ?? checkoutUrls(deps.config, provider, options.method),
    );
  } catch (error) {
    deps.logger.error(
      { err: error, orderId: id, provider: provider.name },
      'the provider refused the checkout',
    );
    const failedAt = deps.clock.now();
    await updateOrder(deps.db, id, {
      status: 'failed',
      failedAt,
      updatedAt: failedAt,
      problem: 'The provider could not create the checkout.',
    });
    throw new AppError(
      'bad_gateway',
      options.method === 'card' ? CHECKOUT_MESSAGES.createSessionFailed : CHECKOUT_MESSAGES.paypalOrderFailed,
    );
  }

  const order = await updateOrder(
    deps.db,
    id,
    {
      providerSessionId: checkout.providerSessionId,
      checkoutUrl: checkout.url,
      nextCheckAt: new Date(now.getTime() + deps.config.RECONCILE_AFTER_MINUTES * MINUTE),
      updatedAt: deps.clock.now(),
    },
    ['pending'],
  );
  if (!order) {
    if (!(await findOrder(deps.db, id)))
      throw new Error(`order ${id} vanished while its checkout was created`);
    const sessionId = checkout.providerSessionId;
    await provider.closeCheckout?.(sessionId).catch((error: unknown) => {
      // Nobody learns its address, so an open page left behind is never paid.
      deps.logger.warn({ err: error, orderId: id, sessionId }, 'could not close the checkout page');
    });
    throw new CheckoutClosedError(`order ${id} was closed while its checkout was created`);
  }
  deps.logger.info(
    {
      orderId: id,
      provider: provider.name,
      method: options.method,
      total: priced.total,
      revenueReportId: options.revenueReportId,
    },
    'checkout started',
  );
  return { order, checkout };
}

/**
 * A checkout sent again under the `requestId` of a pending order: that order's checkout when it asks for
 * the same lines, total, method and buyer; 409 when the id came with other values, or while the first
 * request is still getting its page from the provider.
 */
function checkoutSentAgain(earlier: OrderWithLines, options: OpenCheckoutOptions): StartedCheckout {
  const { priced, customer } = options;
  const same =
    earlier.provider === options.provider.name &&
    earlier.method === options.method &&
    earlier.total === priced.total &&
    earlier.customerEmail === customer.email &&
    earlier.accountEmail === (options.accountEmail ?? customer.email).toLowerCase() &&
    earlier.placedByUserId === (options.userId ?? null) &&
    earlier.couponCode === (priced.discount?.code ?? null) &&
    earlier.revenueReportId === (options.revenueReportId ?? null) &&
    earlier.lines.length === priced.lines.length &&
    earlier.lines.every(
      (line, index) =>
        line.productId === priced.lines[index]!.productId &&
        line.quantity === priced.lines[index]!.quantity &&
        line.unitPrice === priced.lines[index]!.unitPrice,
    );
  if (!same) {
    throw new AppError('conflict', CHECKOUT_MESSAGES.requestIdTaken, [
      { path: 'requestId', message: CHECKOUT_MESSAGES.requestIdTaken },
    ]);
  }
  if (!earlier.providerSessionId || !earlier.checkoutUrl) {
    throw new AppError('conflict', CHECKOUT_MESSAGES.checkoutBeingPrepared);
  }
  const url = earlier.checkoutUrl;
  return {
    order: earlier,
    checkout: {
      providerSessionId: earlier.providerSessionId,
      url,
      links: [{ rel: 'approve', href: url, method: 'GET' }],
    },
  };
}

function recurringOf(line: PricedLine): RecurringInterval | null {
  return line.billingInterval
    ? { interval: line.billingInterval, intervalCount: line.billingIntervalCount ?? 1 }
    : null;
}

/**
 * A provider that sells recurring products as subscriptions (Stripe) takes one subscription per order,
 * alone: a recurring line with anything else, two of them, or a quantity above 1 is a 400 before any
 * order is stored. Providers without subscriptions take every cart as one payment.
 */
function refuseUnsubscribableCart(lines: PricedLine[]): void {
  const recurring = lines.filter((line) => line.billingInterval);
  if (recurring.length === 0) return;
  if (recurring.length > 1 || recurring[0]!.quantity > 1) {
    throw new AppError('invalid', CHECKOUT_ERRORS.oneSubscription);
  }
  if (lines.length > 1) throw new AppError('invalid', CHECKOUT_ERRORS.subscriptionWithOthers);
}

/**
 * Where the provider sends the buyer back. The test provider's page is on our own origin, so its links
 * stay relative (any host or port works); Stripe and PayPal need absolute addresses. The card provider
 * appends `session_id`; the wallet comes back through `/api/paypal/return`, which captures first, or
 * `/api/paypal/cancel` when the buyer turned back. Turning back lands on `/checkout?payment=cancelled`, so
 * the checkout page can say so.
 */
export function checkoutUrls(
  config: PaymentConfig,
  provider: PaymentProvider,
  method: CheckoutMethod,
): CheckoutUrls {
  const site = (path: string) => (provider.name === 'test' ? path : `${config.PUBLIC_BASE_URL}${path}`);
  return {
    successUrl: site(method === 'card' ? '/checkout-success' : '/api/paypal/return'),
    cancelUrl: site(method === 'card' ? checkoutReturnPath('cancelled') : WALLET_CANCEL_PATH),
  };
}
