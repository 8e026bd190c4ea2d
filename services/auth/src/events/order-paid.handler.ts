/**
 * `payment.order.paid` → find or create the buyer's account and make it a paid member, once per event. An
 * order that pays a revenue share (`revenueReportId`, docs/decisions.md, 28) buys no product: it grants
 * nothing (the revenue service records the payment).
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { grantMembership } from '../membership/grant-membership.js';
import { productOrderSubscription } from './product-order-subscription.js';

export function orderPaidSubscription(deps: ServiceDeps<AuthConfig>) {
  return productOrderSubscription('payment.order.paid', 'grant', (event, { tx, logger, headers }) =>
    grantMembership(deps, { tx, event, headers, logger }),
  );
}
