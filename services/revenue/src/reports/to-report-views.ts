/** Report rows → what the owner's page and the admin's ledger read. */
import type { AdminRevenueReport, RevenueReport } from '@platform/contracts';
import type { PaymentPlanRow, ReportDisputeRow, ReportDocumentRow, RevenueReportRow } from '../db/schema.js';
import { disputableUntil, toReportDispute } from '../disputes/disputes.repository.js';
import { toReportDocument } from '../documents/to-document-views.js';
import { reportPeriodFlag, reportStatusOf } from '../standing/customer-standing.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A report's month and the figures its share is worked out from (cents), as the owner entered them. */
export function reportFigures(row: RevenueReportRow) {
  return {
    reportingPeriodStart: row.reportingPeriodStart,
    reportingPeriodEnd: row.reportingPeriodEnd,
    grossRevenue: row.grossRevenue,
    businessExpenses: row.businessExpenses,
    netRevenue: row.netRevenue,
    baselineNetRevenue: row.baselineNetRevenue,
    revenueIncrease: row.revenueIncrease,
  };
}

/** `documents`: the report's supporting documents, oldest first; `dispute`: its dispute, if any. */
export function toRevenueReport(
  row: RevenueReportRow,
  now: Date,
  documents: ReportDocumentRow[],
  dispute: ReportDisputeRow | null,
): RevenueReport {
  return {
    id: row.id,
    ...reportFigures(row),
    sharePercentage: row.sharePercentage,
    shareOwed: row.shareOwed,
    amountPaid: row.amountPaid,
    amountDue: row.shareOwed - row.amountPaid,
    status: reportStatusOf(row, now),
    verified: row.verified,
    sharePaid: row.sharePaid,
    notes: row.notes,
    dueDate: row.dueDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    verifiedAt: iso(row.verifiedAt),
    sharePaidAt: iso(row.sharePaidAt),
    documents: documents.map(toReportDocument),
    dispute: dispute ? toReportDispute(dispute) : null,
    // A closed estimate is no longer disputable: its month is the real report's.
    disputableUntil: row.estimateClosedAt ? null : iso(disputableUntil(row)),
    estimated: row.estimated,
    estimateClosedAt: iso(row.estimateClosedAt),
  };
}

/** 'First Last', or the e-mail when the account has no name. */
export function displayNameOf(plan: Pick<PaymentPlanRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${plan.firstName} ${plan.lastName}`.trim();
  return name || plan.email;
}

export function toAdminRevenueReport(
  row: RevenueReportRow,
  plan: Pick<PaymentPlanRow, 'firstName' | 'lastName' | 'email' | 'implementationPeriodEndsAt'> | undefined,
  now: Date,
  documents: ReportDocumentRow[],
  dispute: ReportDisputeRow | null,
): AdminRevenueReport {
  const view = toRevenueReport(row, now, documents, dispute);
  return {
    id: view.id,
    userId: row.userId,
    userName: plan ? displayNameOf(plan) : row.userId,
    userEmail: plan?.email ?? '',
    reportingPeriodStart: view.reportingPeriodStart,
    reportingPeriodEnd: view.reportingPeriodEnd,
    grossRevenue: view.grossRevenue,
    netRevenue: view.netRevenue,
    businessExpenses: view.businessExpenses,
    notes: view.notes,
    baselineNetRevenue: view.baselineNetRevenue,
    revenueIncrease: view.revenueIncrease,
    shareOwed: view.shareOwed,
    sharePercentage: view.sharePercentage,
    amountPaid: view.amountPaid,
    amountDue: view.amountDue,
    verified: view.verified,
    sharePaid: view.sharePaid,
    status: view.status,
    dueDate: view.dueDate,
    createdAt: view.createdAt,
    verifiedAt: view.verifiedAt,
    sharePaidAt: view.sharePaidAt,
    documents: view.documents,
    periodFlag: plan ? reportPeriodFlag(row, plan.implementationPeriodEndsAt) : null,
    dispute: view.dispute ?? null,
    estimated: row.estimated,
    estimateClosedAt: view.estimateClosedAt ?? null,
    replacedByReportId: row.replacedByReportId,
  };
}
