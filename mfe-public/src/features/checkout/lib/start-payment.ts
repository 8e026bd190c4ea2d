/**
 * The three ways a checkout leaves this page (docs/behaviour/checkout-and-payments.md#payment-flows): the
 * card flow (popup, or the same window when the popup is blocked), the course or single-product purchase
 * (same window) and the wallet flow (redirect to the approval link). The browser's effects come in through
 * `browser`, so the rules read plainly.
 */
import type { BillingInfo, CreateCheckoutSessionRequest, PaypalOrderRequest } from '@platform/contracts';
import type { CheckoutLineView, PaymentMethod } from './checkout-lines';
import { toRequestItems, toWalletAmount } from './checkout-lines';

export type PaymentBrowser = {
  /** `window.open` for the provider's page: the window, or null when the browser blocked it. */
  openPopup: (url: string) => Window | null;
  /** Leaves this page for `url` in the same window. */
  goTo: (url: string) => void;
};

export type PaymentApi = {
  createCheckoutSession: (
    request: CreateCheckoutSessionRequest,
  ) => Promise<{ sessionId: string; url: string }>;
  createPaypalOrder: (request: PaypalOrderRequest) => Promise<string>;
};

export type StartPaymentInput = {
  method: PaymentMethod;
  billing: BillingInfo;
  lines: readonly CheckoutLineView[];
  /** The total the page shows, sent with the wallet call only when every price came from the catalogue. */
  walletTotal: number | null;
  /** The course purchase or a single product's (`?course=1`, `?product=`), not the cart. */
  isDirectPurchase: boolean;
  /** The built-in test provider takes cards: its page needs no popup. */
  testMode: boolean;
  /** A coupon code the server accepted for these lines. */
  couponCode?: string;
  /**
   * The page's id for this payment, kept while what it sends stays the same: pressed again after a lost
   * answer, the server opens the same checkout instead of a second order.
   */
  requestId?: string;
};

/**
 * The card flow's body (docs/behaviour/checkout-and-payments.md#api-calls): items by id, the buyer, and the
 * billing form.
 */
export function buildCheckoutSessionRequest(
  billing: BillingInfo,
  lines: readonly CheckoutLineView[],
  couponCode?: string,
  requestId?: string,
): CreateCheckoutSessionRequest {
  return {
    items: toRequestItems(lines),
    customer_email: billing.email,
    customer_name: `${billing.firstName} ${billing.lastName}`,
    billingInfo: billing,
    ...(couponCode ? { couponCode } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/**
 * The wallet flow's body (docs/behaviour/checkout-and-payments.md#api-calls): CAPTURE in USD, the amount in
 * dollars when the page knows it.
 */
export function buildPaypalOrderRequest(
  billing: BillingInfo,
  lines: readonly CheckoutLineView[],
  walletTotal: number | null,
  couponCode?: string,
  requestId?: string,
): PaypalOrderRequest {
  return {
    intent: 'CAPTURE',
    currency: 'USD',
    ...(walletTotal === null ? {} : { amount: toWalletAmount(walletTotal) }),
    billingInfo: billing,
    items: toRequestItems(lines),
    ...(couponCode ? { couponCode } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/**
 * Where the card provider's page opens. The course purchase uses the same window, and so does a
 * single product's purchase, which works the same way. So does the built-in test provider: its page is
 * ours and redirects back to /checkout-success itself, so a popup would only add a second window.
 * Otherwise a popup, with the same window as the fallback.
 */
export function chooseCardWindow(input: { isDirectPurchase: boolean; testMode: boolean }): 'same' | 'popup' {
  return input.isDirectPurchase || input.testMode ? 'same' : 'popup';
}

/**
 * 'left' when the page is navigating away (the button stays busy until it goes), 'popup' when the
 * provider's page opened in a new window (the page is usable again).
 */
export type StartPaymentOutcome = 'left' | 'popup';

export async function startPayment(
  input: StartPaymentInput,
  api: PaymentApi,
  browser: PaymentBrowser,
): Promise<StartPaymentOutcome> {
  if (input.method === 'paypal') {
    browser.goTo(
      await api.createPaypalOrder(
        buildPaypalOrderRequest(
          input.billing,
          input.lines,
          input.walletTotal,
          input.couponCode,
          input.requestId,
        ),
      ),
    );
    return 'left';
  }
  const session = await api.createCheckoutSession(
    buildCheckoutSessionRequest(input.billing, input.lines, input.couponCode, input.requestId),
  );
  if (chooseCardWindow(input) === 'same' || !browser.openPopup(session.url)) {
    // A blocked popup falls back to the provider's page in this window.
    browser.goTo(session.url);
    return 'left';
  }
  return 'popup';
}
