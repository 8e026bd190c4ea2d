/**
 * `payment.share-collection.failed` → the attempt is recorded as failed (once) and, for a decline, the
 * owner is e-mailed (a reminder, `revenue.reminder.requested`): `payment-collection-failed` when another
 * attempt follows (its date in the e-mail), `payment-collection-stopped` after a hard decline or the last
 * attempt. Without a card on file nothing is sent: the ladder's payment reminders (pay by link) go on.
 * Nor for an attempt that took nothing in the end ('not-needed': its charge refunded automatically, or
 * nothing due when it came): the next attempt asks for whatever is still owed, and after the last the
 * payment reminders do; nor for one whose charge the admin refunded ('refunded': pay by link from then).
 * Nor while the share's dispute is open: the decline is recorded, but the owner is not told the disputed
 * amount will be tried again or is to be paid (collection waits for the admin's answer, then resumes with
 * the share as resolved).
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { findDisputeOfReport } from '../disputes/disputes.repository.js';
import { findPlanOfUser } from '../plans/plans.repository.js';
import { requestReminder } from '../reminders/request-reminder.js';
import { findReport } from '../reports/reports.repository.js';
import { recordCollectionFailure } from './collect-due-shares.js';
import { endsCollection } from './collection-schedule.js';

export function collectionFailedSubscription(deps: ServiceDeps<RevenueConfig>) {
  return defineSubscription({
    subject: 'payment.share-collection.failed',
    handler: async (event, { tx, logger }) => {
      const failure = event.data;
      const recorded = await recordCollectionFailure(tx, {
        collectionId: failure.collectionId,
        reason: failure.reason,
        message: failure.message,
        failedAt: new Date(failure.failedAt),
      });
      // Nothing to tell the owner: no card (pay by link), the attempt took nothing (the next one follows,
      // or, after the last, the payment reminders), or its charge was refunded by the admin (pay by link).
      if (!recorded || ['no-card', 'not-needed', 'refunded'].includes(failure.reason)) return;
      const [plan, report] = await Promise.all([
        findPlanOfUser(tx, recorded.userId),
        findReport(tx, recorded.reportId),
      ]);
      if (!plan || !report) return;
      const amountDue = report.shareOwed - report.amountPaid;
      if (amountDue <= 0) return;
      if ((await findDisputeOfReport(tx, report.id))?.status === 'open') {
        logger.info(
          { reportId: report.id, attempt: recorded.attempt },
          'share collection failed while disputed',
        );
        return;
      }
      const last = endsCollection(recorded);
      await requestReminder(
        tx,
        {
          plan,
          kind: last ? 'payment-collection-stopped' : 'payment-collection-failed',
          periodKey: report.id,
          step: recorded.attempt,
          months: [],
          shares: [
            {
              reportId: report.id,
              periodStart: report.reportingPeriodStart,
              periodEnd: report.reportingPeriodEnd,
              amountDue,
              dueDate: report.dueDate.toISOString(),
            },
          ],
        },
        deps.clock,
      );
      logger.info({ reportId: report.id, attempt: recorded.attempt, last }, 'share collection failed');
    },
  });
}
