/** A report's dispute as its owner and the admin see it (http/revenue/disputes.ts). */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);

/** A report's dispute as its owner and the admin see it. */
export const ReportDisputeSchema = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  status: DisputeStatusSchema,
  reason: z.string(),
  openedAt: isoDateTime,
  /** The admin's reason (rejected) or note (accepted). */
  resolution: z.string().nullable(),
  /** The share before the admin accepted, cents (null unless accepted). */
  previousShareOwed: z.number().int().nullable(),
  resolvedAt: isoDateTime.nullable(),
});
export type ReportDispute = z.infer<typeof ReportDisputeSchema>;
