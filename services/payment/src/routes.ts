/** The payment service's HTTP routes (behind the gateway's internal token). */
import type { Router } from 'express';
import { checkoutRoutes } from './checkout/checkout.router.js';
import { adminCouponRoutes } from './coupons/admin-coupons.router.js';
import { invoiceRoutes } from './invoices/invoices.router.js';
import { adminOrderRoutes } from './orders/admin-orders.router.js';
import { myOrderRoutes } from './orders/my-orders.router.js';
import { testCheckoutRoutes } from './providers/test/test-checkout.router.js';
import { shareCheckoutRoutes } from './revenue-share/share-checkout.router.js';
import type { PaymentDeps } from './runtime.js';
import { savedCardRoutes } from './saved-cards/saved-cards.router.js';
import { webhookRoutes } from './webhooks/webhooks.router.js';

export function paymentRoutes(router: Router, deps: PaymentDeps): void {
  checkoutRoutes(router, deps);
  shareCheckoutRoutes(router, deps);
  adminOrderRoutes(router, deps);
  adminCouponRoutes(router, deps);
  myOrderRoutes(router, deps);
  invoiceRoutes(router, deps);
  testCheckoutRoutes(router, deps);
  savedCardRoutes(router, deps);
}

/** Provider webhooks: verified by their signatures, so they need no gateway token. */
export function paymentPublicRoutes(router: Router, deps: PaymentDeps): void {
  webhookRoutes(router, deps);
}
