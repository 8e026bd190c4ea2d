/** Report rows → what the owner's page and the admin's ledger read. */
import type { AdminRevenueReport, RevenueReport } from '@platform/contracts';
import { pickFields } from '@platform/service-kit/db';
import type { PaymentPlanRow, ReportDisputeRow, ReportDocumentRow, RevenueReportRow } from '../db/schema.js';
import { disputableUntil, toReportDispute } from '../disputes/disputes.repository.js';
import { toReportDocument } from '../documents/to-document-views.js';
import { reportPeriodFlag, reportStatusOf } from '../standing/customer-standing.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A report's month and the figures its share is worked out from (cents), as the owner entered them. */
export function reportFigures(row: RevenueReportRow) {
  return pickFields(row, [
    'reportingPeriodStart',
    'reportingPeriodEnd',
    'grossRevenue',
    'businessExpenses',
    'netRevenue',
    'baselineNetRevenue',
    'revenueIncrease',
  ]);
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
    ...pickFields(row, ['sharePercentage', 'shareOwed', 'amountPaid']),
    amountDue: row.shareOwed - row.amountPaid,
    status: reportStatusOf(row, now),
    ...pickFields(row, ['verified', 'sharePaid', 'notes']),
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
    ...pickFields(view, ['reportingPeriodStart', 'reportingPeriodEnd', 'grossRevenue', 'netRevenue']),
    ...pickFields(view, ['businessExpenses', 'notes', 'baselineNetRevenue', 'revenueIncrease', 'shareOwed']),
    ...pickFields(view, ['sharePercentage', 'amountPaid', 'amountDue', 'verified', 'sharePaid', 'status']),
    ...pickFields(view, ['dueDate', 'createdAt', 'verifiedAt', 'sharePaidAt', 'documents']),
    periodFlag: plan ? reportPeriodFlag(row, plan.implementationPeriodEndsAt) : null,
    dispute: view.dispute ?? null,
    estimated: row.estimated,
    estimateClosedAt: view.estimateClosedAt ?? null,
    replacedByReportId: row.replacedByReportId,
  };
}
