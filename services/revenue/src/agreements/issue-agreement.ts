/**
 * Issues the owner's signed agreement once (docs/decisions.md, 111): the first time auth names the owner
 * after the consent (`auth.user.status-changed`, which auth announces as it records the consent), the name
 * goes on the agreement and `revenue.agreement.issued` carries its PDF to notification, in the handler's
 * transaction. A repeated or later profile finds it issued and asks for nothing.
 */
import { enqueueEvent } from '@platform/service-kit/events';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { outboxEvents } from '../db/schema.js';
import { markAgreementIssued } from './agreements.repository.js';
import { renderAgreementPdf } from './render-agreement-pdf.js';

export async function issueAgreement(
  tx: Executor,
  owner: { userId: string; firstName: string; lastName: string },
  { clock, logger }: { clock: Clock; logger: Logger },
): Promise<void> {
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim();
  const issued = await markAgreementIssued(tx, owner.userId, ownerName, clock.now());
  if (!issued) return;
  const pdf = await renderAgreementPdf(issued);
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'revenue.agreement.issued',
      data: {
        planId: issued.paymentPlanId,
        userId: issued.userId,
        email: issued.email,
        firstName: owner.firstName,
        termsVersion: issued.termsVersion,
        consentedAt: issued.consentedAt.toISOString(),
        agreementPdf: Buffer.from(pdf).toString('base64'),
      },
    },
    { clock },
  );
  logger.info({ userId: owner.userId, planId: issued.paymentPlanId }, 'agreement issued');
}
