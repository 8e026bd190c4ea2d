/**
 * `POST /api/admin/mark-paid/:id { amount }`: money for a verified share arrived outside the site (cents).
 * Each payment is recorded; partial payments add up, and the report is paid once they reach its share.
 * More than is still owed is refused, as is a report not verified yet or already paid. Paying can make
 * the owner current again, which lifts a block at once.
 */
import {
  moreThanOwedMessage,
  REVENUE_ADMIN_MESSAGES,
  type AdminReportActionResponse,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { randomUUID } from 'node:crypto';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { insertSharePayment } from '../reports/reports.repository.js';
import { adminReportView } from './admin-report-view.js';
import { lockReportAndPlan } from './lock-report-and-plan.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';

function refuse(message: string): never {
  throw new AppError('invalid', message, [{ path: 'amount', message }]);
}

export async function markReportPaid(
  deps: ServiceDeps<RevenueConfig>,
  options: { reportId: string; amount: number; adminId: string; requestId?: string },
): Promise<AdminReportActionResponse> {
  const now = deps.clock.now();
  const { report, plan } = await deps.db.transaction(async (tx) => {
    const locked = await lockReportAndPlan(tx, options.reportId);
    if (!locked.report.verified) refuse(REVENUE_ADMIN_MESSAGES.notVerified);
    if (locked.report.sharePaid) refuse(REVENUE_ADMIN_MESSAGES.alreadyPaid);
    const due = locked.report.shareOwed - locked.report.amountPaid;
    if (options.amount > due) refuse(moreThanOwedMessage(formatMoney(due)));
    await insertSharePayment(tx, {
      id: randomUUID(),
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
    return { report, plan: locked.plan };
  });
  deps.logger.info(
    { reportId: report.id, amount: options.amount, paid: report.sharePaid, adminId: options.adminId },
    'share payment recorded',
  );
  return {
    success: true,
    message: `${formatMoney(options.amount)} recorded`,
    report: await adminReportView(deps.db, report, plan, now),
  };
}
