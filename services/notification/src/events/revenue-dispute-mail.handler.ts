/**
 * `revenue.report.dispute-changed` → the owner's e-mail and the support inbox's notice, once per event each
 * (docs/behaviour/revenue-share.md#disputes). Without a support inbox the notice is skipped, loudly: the
 * admin's ledger still shows the dispute.
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import {
  REVENUE_DISPUTE_ADMIN_TEMPLATE,
  REVENUE_DISPUTE_TEMPLATE,
  renderRevenueDisputeAdminEmail,
  renderRevenueDisputeEmail,
} from '../templates/revenue-disputes.js';
import { ownerAndSupportMailSubscription } from './owner-and-support-mail.js';

export function revenueDisputeSubscription(deps: ServiceDeps<NotificationConfig>) {
  return ownerAndSupportMailSubscription(deps, 'revenue.report.dispute-changed', {
    owner: {
      render: (dispute, settings) => renderRevenueDisputeEmail({ dispute, settings }),
      template: REVENUE_DISPUTE_TEMPLATE,
    },
    support: {
      render: (dispute, settings) => renderRevenueDisputeAdminEmail({ dispute, settings }),
      template: REVENUE_DISPUTE_ADMIN_TEMPLATE,
    },
    what: 'revenue dispute',
  });
}
