/**
 * The one way a change reaches the audit trail (docs/decisions.md, 105): every mutation path of the
 * revenue service calls `recordAudit` in the transaction of its change, so the entry exists exactly when
 * the change does. The table is append-only (a trigger refuses UPDATE and DELETE).
 */
import { randomUUID } from 'node:crypto';
import { AUDIT_SYSTEM_ACTOR, type AuditEntity } from '@platform/contracts';
import { pickFields, type Executor } from '@platform/service-kit/db';
import {
  auditEntries,
  type PaymentPlanRow,
  type ReportDisputeRow,
  type RevenueReportRow,
} from '../db/schema.js';
import { reportFigures } from '../reports/to-report-views.js';

export { AUDIT_SYSTEM_ACTOR };

export interface AuditChange {
  entity: AuditEntity;
  entityId: string;
  action: string;
  /** The owner concerned. */
  userId: string;
  /** The report the change belongs to, if any (its history shows it). */
  reportId?: string | null;
  /** The user who made it; the service's jobs and other services' events are `system`. */
  actor?: string | null;
  at: Date;
  before?: object | null;
  after?: object | null;
  reason?: string | null;
}

/** Dates as ISO strings, the rest as it is: what jsonb keeps. */
function snapshot(value: object | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

export async function recordAudit(tx: Executor, change: AuditChange): Promise<void> {
  await tx.insert(auditEntries).values({
    id: randomUUID(),
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    reportId: change.reportId ?? null,
    userId: change.userId,
    actor: change.actor || AUDIT_SYSTEM_ACTOR,
    at: change.at,
    before: snapshot(change.before),
    after: snapshot(change.after),
    reason: change.reason ?? null,
  });
}

/** What of a report the trail keeps: its figures, money and states (cents). */
export function reportState(row: RevenueReportRow) {
  return {
    ...reportFigures(row),
    ...pickFields(row, ['shareOwed', 'amountPaid', 'verified', 'sharePaid', 'dueDate', 'estimated']),
    ...pickFields(row, ['estimateClosedAt', 'replacedByReportId']),
  };
}

/** A change of a report (before → after), in one call. */
export function recordReportChange(
  tx: Executor,
  change: Omit<AuditChange, 'entityId' | 'userId' | 'reportId' | 'before' | 'after'> & {
    before: RevenueReportRow | null;
    after: RevenueReportRow;
  },
): Promise<void> {
  return recordAudit(tx, {
    ...change,
    entityId: change.after.id,
    userId: change.after.userId,
    reportId: change.after.id,
    before: change.before && reportState(change.before),
    after: reportState(change.after),
  });
}

/** What of a plan the trail keeps. */
export function planState(row: PaymentPlanRow) {
  return {
    ...pickFields(row, ['baselineNetRevenue', 'revenueSharePercentage', 'termsVersion']),
    ...pickFields(row, ['implementationPeriodStartedAt', 'implementationPeriodEndsAt']),
    ...pickFields(row, ['customerStatus', 'revenueShareActive', 'leftAt']),
  };
}

/** A dispute opened or resolved: its state before and after, the owner's or the admin's words as why. */
export function recordDisputeChange(
  tx: Executor,
  change: { action: string; actor: string; before: ReportDisputeRow | null; after: ReportDisputeRow },
): Promise<void> {
  const { after } = change;
  return recordAudit(tx, {
    entity: 'dispute',
    entityId: after.id,
    action: change.action,
    userId: after.userId,
    reportId: after.reportId,
    actor: change.actor,
    at: after.resolvedAt ?? after.openedAt,
    before: change.before,
    after,
    reason: after.resolution ?? after.reason,
  });
}
