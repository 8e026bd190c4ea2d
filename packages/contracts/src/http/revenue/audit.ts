/**
 * The revenue audit trail (docs/decisions.md, 105; docs/behaviour/revenue-share.md#audit-trail): every
 * change of a plan, baseline, report, estimate, dispute, payment, reminder, collection attempt or credit,
 * kept append-only. `GET /api/admin/revenue-reports/{id}/history` answers a report's entries, oldest
 * first; `GET /api/admin/revenue-audit.csv` every entry.
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

export const AUDIT_ENTITY_VALUES = [
  'plan',
  'baseline',
  'report',
  'estimate',
  'dispute',
  'payment',
  'reminder',
  'collection',
  'credit',
] as const;
export const AuditEntitySchema = z.enum(AUDIT_ENTITY_VALUES);
export type AuditEntity = z.infer<typeof AuditEntitySchema>;

/** Who changed it when no person did: the service's jobs and other services' events. */
export const AUDIT_SYSTEM_ACTOR = 'system';

export const RevenueAuditEntrySchema = z.object({
  id: z.uuid(),
  entity: AuditEntitySchema,
  entityId: z.string(),
  /** What happened, such as `submitted`, `verified`, `created`, `closed`, `recorded-offline`. */
  action: z.string(),
  reportId: z.uuid().nullable(),
  /** The owner concerned. */
  userId: z.string(),
  /** The user id of whoever made the change, or `system`. */
  actor: z.string(),
  at: isoDateTime,
  /** The changed record's fields before and after (amounts in cents); null when created or removed. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Why, when someone gave a reason. */
  reason: z.string().nullable(),
});
export type RevenueAuditEntry = z.infer<typeof RevenueAuditEntrySchema>;

export const RevenueReportHistorySchema = z.array(RevenueAuditEntrySchema);

/** 'Estimated' beside a report the service estimated (docs/behaviour/revenue-share.md#estimates). */
export const ESTIMATE_LABELS = {
  estimated: 'Estimated',
  closed: 'Estimate closed',
  /** The admin's history dialog. */
  historyButton: 'History',
  historyTitle: 'Report history',
  historyEmpty: 'No changes recorded for this report.',
  historyFailed: 'The history could not be loaded',
} as const;
