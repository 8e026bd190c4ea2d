/**
 * `payment.order.refunded` → revoke what the order granted, once per event. A revenue share's order
 * (`revenueReportId`) granted nothing, so there is nothing to revoke.
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { revokeMembership } from '../membership/revoke-membership.js';
import { productOrderSubscription } from './product-order-subscription.js';

export function orderRefundedSubscription(deps: ServiceDeps<AuthConfig>) {
  return productOrderSubscription('payment.order.refunded', 'revoke', (event, { tx, logger, headers }) =>
    revokeMembership(deps, { tx, event, headers, logger }),
  );
}
