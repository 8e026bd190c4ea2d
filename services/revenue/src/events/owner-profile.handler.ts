/**
 * `auth.user.status-changed` → the owner's name, e-mail and consultation status on their plan (the admin's
 * lists, the e-mails, the consultation nudges). Users without a plan are not kept; auth announces the whole
 * state when the plan's consent is recorded, so nothing earlier is needed. The highest `sequence` wins; an
 * event without one (sent before auth numbered them) only with a strictly newer `changedAt`. The first
 * profile after the consent names the owner on their signed agreement and issues it (docs/decisions.md, 111).
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { issueAgreement } from '../agreements/issue-agreement.js';
import type { RevenueConfig } from '../config.js';
import { updatePlanProfile } from '../plans/plans.repository.js';

export function ownerProfileSubscription(deps: ServiceDeps<RevenueConfig>) {
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
      await issueAgreement(
        tx,
        { userId: data.userId, firstName: data.firstName ?? '', lastName: data.lastName ?? '' },
        { clock: deps.clock, logger },
      );
    },
  });
}
