/** The payment plan's events → the buyer's e-mails (templates/payment-plan.ts), once per event each. */
import type { EventData } from '@platform/contracts';
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  PLAN_TEMPLATES,
  renderInstalmentFailedEmail,
  renderInstalmentPaidEmail,
  renderPlanPausedEmail,
  renderPlanResumedEmail,
} from '../templates/payment-plan.js';
import type { RenderedEmail, TemplateSettings } from '../templates/layout.js';
import { templateSettings } from '../templates/settings.js';

type PlanEvent =
  | 'payment.plan.instalment-paid'
  | 'payment.plan.instalment-failed'
  | 'payment.plan.paused'
  | 'payment.plan.resumed';

function planMail<T extends PlanEvent>(
  deps: ServiceDeps<NotificationConfig>,
  subject: T,
  template: string,
  render: (data: EventData<T>, settings: TemplateSettings) => RenderedEmail,
) {
  return defineSubscription({
    subject,
    handler: async (event, { tx }) => {
      await insertMessage(tx, {
        to: event.data.email,
        ...render(event.data as EventData<T>, templateSettings(deps.config)),
        template,
        eventId: event.id,
        userId: event.data.userId,
        now: deps.clock.now(),
      });
    },
  });
}

export function planMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  return [
    planMail(deps, 'payment.plan.instalment-paid', PLAN_TEMPLATES.paid, renderInstalmentPaidEmail),
    planMail(deps, 'payment.plan.instalment-failed', PLAN_TEMPLATES.failed, renderInstalmentFailedEmail),
    planMail(deps, 'payment.plan.paused', PLAN_TEMPLATES.paused, renderPlanPausedEmail),
    planMail(deps, 'payment.plan.resumed', PLAN_TEMPLATES.resumed, renderPlanResumedEmail),
  ];
}
