/**
 * `auth.member.granted` → the set-password link for an account that cannot sign in yet (a guest's new
 * account: "credentials arrive by email"), otherwise "your course access is ready"; once per event.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  COURSE_ACCESS_READY_TEMPLATE,
  PURCHASE_SET_PASSWORD_TEMPLATE,
  renderCourseAccessReadyEmail,
  renderPurchaseSetPasswordEmail,
} from '../templates/course-access.js';
import { templateSettings } from '../templates/settings.js';

export function memberGrantedSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'auth.member.granted',
    handler: async (event, { tx, logger }) => {
      const { data } = event;
      const now = deps.clock.now();
      const settings = templateSettings(deps.config);
      const linkWorks =
        data.setPassword !== null && new Date(data.setPassword.expiresAt).getTime() > now.getTime();
      if (data.setPassword && !linkWorks) {
        // Arrived after its link expired (the service was down for days): no dead link, say what to do.
        logger.warn({ userId: data.userId }, 'set-password link expired before it could be e-mailed');
      }
      const email =
        data.setPassword && linkWorks
          ? {
              template: PURCHASE_SET_PASSWORD_TEMPLATE,
              linkExpiresAt: data.setPassword.expiresAt,
              ...renderPurchaseSetPasswordEmail({
                email: data.email,
                firstName: data.firstName,
                isNewAccount: data.isNewAccount,
                token: data.setPassword.token,
                expiresAt: data.setPassword.expiresAt,
                settings,
              }),
            }
          : {
              template: COURSE_ACCESS_READY_TEMPLATE,
              ...renderCourseAccessReadyEmail({
                email: data.email,
                firstName: data.firstName,
                includesCourse: data.courseIds.length > 0,
                linkExpired: data.setPassword !== null,
                settings,
              }),
            };
      await insertMessage(tx, { to: data.email, ...email, eventId: event.id, userId: data.userId, now });
    },
  });
}
