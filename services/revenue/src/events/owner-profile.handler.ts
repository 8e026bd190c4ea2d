/**
 * `auth.user.status-changed` → the owner's name, e-mail and consultation status on their plan (the admin's
 * lists, the e-mails, the consultation nudges). Users without a plan are not kept; auth announces the whole
 * state when the plan's consent is recorded, so nothing earlier is needed. The highest `sequence` wins; an
 * event without one (sent before auth numbered them) only with a strictly newer `changedAt`.
 */
import { defineSubscription } from '@platform/service-kit/events';
import { updatePlanProfile } from '../plans/plans.repository.js';

export function ownerProfileSubscription() {
  return defineSubscription({
    subject: 'auth.user.status-changed',
    handler: async (event, { tx, logger }) => {
      const { data } = event;
      const applied = await updatePlanProfile(tx, {
        userId: data.userId,
        changedAt: new Date(data.changedAt),
        ...(data.sequence !== undefined && { sequence: data.sequence }),
        consultationStatus: data.consultationStatus,
        planStatus: data.planStatus,
        email: data.email?.toLowerCase(),
        firstName: data.firstName,
        lastName: data.lastName,
      });
      if (applied) logger.info({ userId: data.userId }, 'owner profile projected');
    },
  });
}
