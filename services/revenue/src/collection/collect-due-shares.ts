/**
 * The collection job's work, as a plain function of the database and the clock: for every verified share
 * still owed and not under an open dispute whose collection attempt is due (collection-schedule.ts), the attempt is recorded and
 * `revenue.share.collection-requested` enqueued in one transaction, with the plan and the report locked and
 * read again (a dispute or a payment may have come since the list was read). The unique index on (report,
 * attempt) keeps each attempt to one, whatever the number of replicas running it at once.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { outboxEvents, reportDisputes, revenueReports, shareCollections } from '../db/schema.js';
import { collectionAttemptsWhere } from './cards-on-file.js';
import { dueCollectionAttempt } from './collection-schedule.js';
import { recordAudit } from '../audit/record-audit.js';
import { findDisputeOfReport } from '../disputes/disputes.repository.js';
import { lockPlan } from '../plans/plans.repository.js';
import { lockReport } from '../reports/reports.repository.js';
import type { RevenueJobDeps } from '../jobs.js';

export async function collectDueShares(deps: RevenueJobDeps): Promise<{ requested: number }> {
  const now = deps.clock.now();
  const owed = await deps.db
    .select()
    .from(revenueReports)
    .where(
      and(
        eq(revenueReports.verified, true),
        eq(revenueReports.sharePaid, false),
        gt(revenueReports.shareOwed, revenueReports.amountPaid),
        lte(revenueReports.dueDate, now),
        // An open dispute pauses the share's collection until the admin resolves it.
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(reportDisputes)
            .where(and(eq(reportDisputes.reportId, revenueReports.id), eq(reportDisputes.status, 'open'))),
        ),
      ),
    );
  let requested = 0;
  for (const report of owed) {
    const attempts = await collectionAttemptsWhere(deps.db, eq(shareCollections.reportId, report.id));
    const attempt = dueCollectionAttempt(report.dueDate, attempts, now);
    if (attempt === null) continue;
    await deps.db.transaction(async (tx) => {
      // The plan, then the report, locked as a dispute, a payment or a correction takes them: the share is
      // asked for as it stands now, and not while a dispute opened since the read above holds it.
      const plan = await lockPlan(tx, report.paymentPlanId);
      const current = plan ? await lockReport(tx, report.id) : null;
      if (!current || !current.verified || current.sharePaid || current.shareOwed <= current.amountPaid)
        return;
      if ((await findDisputeOfReport(tx, current.id))?.status === 'open') return;
      const amount = current.shareOwed - current.amountPaid;
      const [row] = await tx
        .insert(shareCollections)
        .values({
          id: randomUUID(),
          reportId: report.id,
          userId: report.userId,
          attempt,
          amount,
          requestedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: shareCollections.id });
      if (!row) return;
      await recordAudit(tx, {
        entity: 'collection',
        entityId: row.id,
        action: 'requested',
        userId: report.userId,
        reportId: report.id,
        at: now,
        after: { attempt, amount },
      });
      await enqueueEvent(
        tx,
        outboxEvents,
        {
          type: 'revenue.share.collection-requested',
          data: {
            collectionId: row.id,
            reportId: report.id,
            userId: report.userId,
            attempt,
            amount,
            periodStart: report.reportingPeriodStart,
            periodEnd: report.reportingPeriodEnd,
            requestedAt: now.toISOString(),
          },
        },
        { clock: deps.clock },
      );
      requested += 1;
    });
  }
  if (requested > 0) deps.logger?.info({ requested }, 'share collections requested');
  return { requested };
}

/** Records the payment service's answer to an attempt once (a redelivery finds it answered). */
export async function recordCollectionFailure(
  tx: Executor,
  failure: { collectionId: string; reason: ShareCollectionFailureValue; message: string; failedAt: Date },
) {
  const [row] = await tx
    .update(shareCollections)
    .set({ failure: failure.reason, failureMessage: failure.message, failedAt: failure.failedAt })
    .where(and(eq(shareCollections.id, failure.collectionId), sql`${shareCollections.failure} is null`))
    .returning();
  if (row) {
    await recordAudit(tx, {
      entity: 'collection',
      entityId: row.id,
      action: 'failed',
      userId: row.userId,
      reportId: row.reportId,
      at: failure.failedAt,
      before: { attempt: row.attempt, amount: row.amount, failure: null },
      after: { attempt: row.attempt, amount: row.amount, failure: row.failure },
      reason: row.failureMessage,
    });
  }
  return row ?? null;
}

type ShareCollectionFailureValue = NonNullable<(typeof shareCollections.$inferSelect)['failure']>;
