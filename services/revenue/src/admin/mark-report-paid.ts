/**
 * `POST /api/admin/mark-paid/:id { amount }`: money for a verified share arrived outside the site (cents).
 * Each payment is recorded; partial payments add up, and the report is paid once they reach its share.
 * More than is still owed is refused, as is a report not verified yet or already paid. Paying can make
 * the owner current again, which lifts a block at once. A `paymentId` already recorded for this report and
 * amount records nothing more and answers as the first time did; for another amount or report, 409.
 */
import {
  moreThanOwedMessage,
  paymentAlreadyRecordedMessage,
  REVENUE_ADMIN_MESSAGES,
  type AdminReportActionResponse,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { findSharePayment, insertSharePayment } from '../reports/reports.repository.js';
import { adminReportView } from './admin-report-view.js';
import { lockReportAndPlan } from './lock-report-and-plan.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';

function refuse(message: string): never {
  throw new AppError('invalid', message, [{ path: 'amount', message }]);
}

function alreadyRecorded(amount: number): never {
  throw new AppError('conflict', paymentAlreadyRecordedMessage(formatMoney(amount)));
}

export async function markReportPaid(
  deps: ServiceDeps<RevenueConfig>,
  options: { reportId: string; amount: number; adminId: string; paymentId?: string; requestId?: string },
): Promise<AdminReportActionResponse> {
  const now = deps.clock.now();
  const paymentId = options.paymentId ?? randomUUID();
  const { report, plan, replayed } = await deps.db
    .transaction(async (tx) => {
      const locked = await lockReportAndPlan(tx, options.reportId);
      // The report's lock orders attempts with the same id: a later one finds the payment recorded.
      const recorded = options.paymentId ? await findSharePayment(tx, paymentId) : null;
      if (recorded) {
        if (
          recorded.reportId !== locked.report.id ||
          recorded.amount !== options.amount ||
          recorded.method !== 'offline'
        ) {
          alreadyRecorded(recorded.amount);
        }
        return { report: locked.report, plan: locked.plan, replayed: true };
      }
      if (!locked.report.verified) refuse(REVENUE_ADMIN_MESSAGES.notVerified);
      if (locked.report.sharePaid) refuse(REVENUE_ADMIN_MESSAGES.alreadyPaid);
      const due = locked.report.shareOwed - locked.report.amountPaid;
      if (options.amount > due) refuse(moreThanOwedMessage(formatMoney(due)));
      await insertSharePayment(tx, {
        id: paymentId,
        reportId: locked.report.id,
        userId: locked.report.userId,
        amount: options.amount,
        method: 'offline',
        recordedBy: options.adminId,
        paidAt: now,
      });
      const amountPaid = locked.report.amountPaid + options.amount;
      const paid = amountPaid === locked.report.shareOwed;
      const report = await updateReportAndAnnounce(
        tx,
        locked,
        { amountPaid, ...(paid && { sharePaid: true, sharePaidAt: now }), updatedAt: now },
        { entity: 'payment', action: 'recorded-offline', actor: options.adminId, at: now },
        { clock: deps.clock, requestId: options.requestId },
      );
      return { report, plan: locked.plan, replayed: false };
    })
    .catch((error: unknown) => {
      // The same id recorded meanwhile on another report (an id sent with two reports).
      if (isUniqueViolation(error)) alreadyRecorded(options.amount);
      throw error;
    });
  deps.logger.info(
    {
      reportId: report.id,
      amount: options.amount,
      paid: report.sharePaid,
      adminId: options.adminId,
      paymentId,
    },
    replayed ? 'share payment already recorded' : 'share payment recorded',
  );
  return {
    success: true,
    message: `${formatMoney(options.amount)} recorded`,
    report: await adminReportView(deps.db, report, plan, now),
  };
}
