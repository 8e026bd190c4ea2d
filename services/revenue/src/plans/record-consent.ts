/**
 * `POST /api/revenue-share-consent`: records the owner's revenue-share plan (10%, the baseline they
 * stated, the 30-day implementation period from now) and announces it (`revenue.plan.consented`) in the
 * same transaction; auth then records the consent and the plan status, and course enrols the owner
 * (docs/architecture.md#revenue-share-consent-to-course-access). A second consent changes nothing: the
 * plan, its baseline and its dates stay as they were, and nothing is announced again.
 */
import { randomUUID } from 'node:crypto';
import {
  IMPLEMENTATION_PERIOD_DAYS,
  REVENUE_CONSENT_MESSAGES,
  REVENUE_SHARE_PERCENTAGE,
  type RevenueShareConsentRequestParsed,
  type RevenueShareConsentResponse,
} from '@platform/contracts';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { addDays } from '../lib/calendar.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { findPlanOfUser, insertPlan } from './plans.repository.js';
import { toRevenuePlan } from './to-plan-view.js';
import { planState, recordAudit } from '../audit/record-audit.js';
import { insertAgreement } from '../agreements/agreements.repository.js';

export interface RecordConsentOptions {
  owner: { userId: string; email: string };
  request: RevenueShareConsentRequestParsed;
  requestId?: string;
}

export async function recordConsent(
  deps: ServiceDeps<RevenueConfig>,
  { owner, request, requestId }: RecordConsentOptions,
): Promise<RevenueShareConsentResponse> {
  const now = deps.clock.now();
  const implementationEndsAt = addDays(now, IMPLEMENTATION_PERIOD_DAYS);
  const result = await deps.db.transaction(async (tx) => {
    const created = await insertPlan(tx, {
      id: randomUUID(),
      userId: owner.userId,
      planType: 'revenue_share',
      revenueSharePercentage: REVENUE_SHARE_PERCENTAGE,
      baselineNetRevenue: request.baselineNetRevenue,
      termsVersion: request.termsVersion,
      consentedAt: now,
      revenueShareStartDate: now,
      implementationPeriodStartedAt: now,
      implementationPeriodEndsAt: implementationEndsAt,
      email: owner.email.toLowerCase(),
      createdAt: now,
      updatedAt: now,
    });
    if (!created) {
      const plan = (await findPlanOfUser(tx, owner.userId))!;
      return { plan, created: false, reports: await listReportsOfUser(tx, owner.userId) };
    }
    // The agreement as signed, kept apart from the plan that later corrections change (docs/decisions.md, 111).
    await insertAgreement(tx, {
      paymentPlanId: created.id,
      userId: created.userId,
      termsVersion: created.termsVersion,
      email: created.email,
      revenueSharePercentage: created.revenueSharePercentage,
      baselineNetRevenue: created.baselineNetRevenue,
      consentedAt: now,
      implementationEndsAt,
    });
    await recordAudit(tx, {
      entity: 'plan',
      entityId: created.id,
      action: 'consented',
      userId: created.userId,
      actor: created.userId,
      at: now,
      after: planState(created),
    });
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'revenue.plan.consented',
        data: {
          planId: created.id,
          userId: created.userId,
          email: created.email,
          termsVersion: created.termsVersion,
          baselineNetRevenue: created.baselineNetRevenue,
          revenueSharePercentage: created.revenueSharePercentage,
          consentedAt: now.toISOString(),
          implementationEndsAt: implementationEndsAt.toISOString(),
        },
        headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return { plan: created, created: true, reports: [] };
  });
  deps.logger.info(
    { userId: owner.userId, planId: result.plan.id, created: result.created },
    result.created ? 'revenue-share plan recorded' : 'revenue-share consent repeated; plan unchanged',
  );
  return {
    success: true,
    message: REVENUE_CONSENT_MESSAGES.welcomeTitle,
    created: result.created,
    plan: toRevenuePlan(result.plan, result.reports, now),
  };
}
