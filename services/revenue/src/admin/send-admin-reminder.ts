/**
 * `POST /api/admin/send-reminder { customerId, reminderType }`: the admin's 'Send Reminder' always sends
 * and is recorded (docs/decisions.md, 26). A report reminder names the months to report that have ended
 * without a report (late or not yet), never a month still running or to come (docs/decisions.md, 66); a
 * payment reminder lists the verified shares still owed. Either is refused when there is nothing to ask
 * for, with a message saying so.
 */
import {
  monthName,
  nothingToReportMessage,
  REVENUE_ADMIN_MESSAGES,
  reminderSentText,
  type ReminderType,
  type SendReminderResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { findPlanOfUser } from '../plans/plans.repository.js';
import { shareEntry } from '../reminders/reminder-schedule.js';
import { requestReminder } from '../reminders/request-reminder.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { computeStanding, isUnpaid, monthsDueUnreported } from '../standing/customer-standing.js';

/** User ids are UUIDs; anything else (a NUL byte, a path) is not one of our customers. */
const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function sendAdminReminder(
  deps: ServiceDeps<RevenueConfig>,
  options: { customerId: string; reminderType: ReminderType; adminId: string; requestId?: string },
): Promise<SendReminderResponse> {
  const notFound = () => new AppError('not_found', REVENUE_ADMIN_MESSAGES.customerNotFound);
  if (!CUSTOMER_ID.test(options.customerId)) throw notFound();
  const now = deps.clock.now();
  const reminder = await deps.db.transaction(async (tx) => {
    const plan = await findPlanOfUser(tx, options.customerId);
    if (!plan) throw notFound();
    const reports = await listReportsOfUser(tx, plan.userId);
    let months: Array<{ periodStart: string; periodEnd: string }> = [];
    let shares: ReturnType<typeof shareEntry>[] = [];
    if (options.reminderType === 'report') {
      const due = monthsDueUnreported(plan.implementationPeriodEndsAt, reports, now, plan.leftAt);
      if (due.length === 0) {
        const { nextReport } = computeStanding({
          implementationEndsAt: plan.implementationPeriodEndsAt,
          reports,
          now,
        });
        const message = nothingToReportMessage(monthName(nextReport.firstDay));
        throw new AppError('invalid', message, [{ path: 'reminderType', message }]);
      }
      months = due.map((month) => ({ periodStart: month.firstDay, periodEnd: month.lastDay }));
    } else {
      shares = reports
        .filter((report) => report.verified && isUnpaid(report))
        .sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime())
        .map(shareEntry);
      if (shares.length === 0) {
        throw new AppError('invalid', REVENUE_ADMIN_MESSAGES.nothingToPay, [
          { path: 'reminderType', message: REVENUE_ADMIN_MESSAGES.nothingToPay },
        ]);
      }
    }
    const recorded = await requestReminder(
      tx,
      {
        plan,
        kind: options.reminderType === 'report' ? 'report-admin' : 'payment-admin',
        periodKey: '',
        months,
        shares,
        requestedBy: options.adminId,
        requestId: options.requestId,
      },
      deps.clock,
    );
    return recorded!;
  });
  deps.logger.info(
    { customerId: options.customerId, reminderType: options.reminderType, adminId: options.adminId },
    'reminder sent by the admin',
  );
  return {
    success: true,
    message: reminderSentText(options.reminderType),
    reminder: {
      id: reminder.id,
      customerId: options.customerId,
      reminderType: options.reminderType,
      sentAt: reminder.requestedAt.toISOString(),
    },
  };
}
