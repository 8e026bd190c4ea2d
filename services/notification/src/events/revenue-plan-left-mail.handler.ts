/**
 * `revenue.plan.left` → the owner's confirmation and the support inbox's notice, once per event each
 * (docs/behaviour/revenue-share.md#leaving-the-programme).
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import {
  REVENUE_PLAN_LEFT_ADMIN_TEMPLATE,
  REVENUE_PLAN_LEFT_TEMPLATE,
  renderPlanLeftAdminEmail,
  renderPlanLeftEmail,
} from '../templates/revenue-plan-left.js';
import { ownerAndSupportMailSubscription } from './owner-and-support-mail.js';

export function revenuePlanLeftSubscription(deps: ServiceDeps<NotificationConfig>) {
  return ownerAndSupportMailSubscription(deps, 'revenue.plan.left', {
    owner: {
      render: (left, settings) => renderPlanLeftEmail({ left, settings }),
      template: REVENUE_PLAN_LEFT_TEMPLATE,
    },
    support: {
      render: (left, settings) => renderPlanLeftAdminEmail({ left, settings }),
      template: REVENUE_PLAN_LEFT_ADMIN_TEMPLATE,
    },
    what: 'revenue plan left',
  });
}
