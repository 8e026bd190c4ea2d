/**
 * The buyer cancels or resumes their membership plan's renewal from the account page
 * (docs/behaviour/accounts.md#account-page): the provider is told first (setting the value it has is
 * harmless, so a retry or two requests at once change nothing more), then the order records it. The plan
 * keeps its access until the provider ends the subscription at the period's end
 * (`customer.subscription.deleted`, subscription-events.ts), which ends the membership as before.
 */
import { PLAN_RENEWAL_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { eq } from 'drizzle-orm';
import { askProvider } from '../checkout/ask-provider.js';
import { orders } from '../db/schema.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import type { OrderWithLines } from './orders.repository.js';
import { REFUND_ERRORS } from './refund-order.js';

export async function setPlanRenewal(
  deps: PaymentDeps,
  order: OrderWithLines,
  renew: boolean,
): Promise<OrderWithLines> {
  const subscriptionId = order.providerSubscriptionId;
  if (!subscriptionId || order.status !== 'fulfilled')
    throw new AppError('conflict', PLAN_RENEWAL_MESSAGES.notAPlan);
  if (order.subscriptionEndedAt) throw new AppError('conflict', PLAN_RENEWAL_MESSAGES.ended);
  const provider = providerNamed(deps.runtime, order.provider);
  const subscriptions = provider?.subscriptions;
  if (!subscriptions) throw new AppError('unavailable', REFUND_ERRORS.providerGone);
  await askProvider(deps.logger, 'setCancelAtPeriodEnd', () =>
    subscriptions.setCancelAtPeriodEnd({ subscriptionId, cancel: !renew }),
  );
  const [updated] = await deps.db
    .update(orders)
    .set({ subscriptionCancelAtPeriodEnd: !renew, updatedAt: deps.clock.now() })
    .where(eq(orders.id, order.id))
    .returning();
  deps.logger.info({ orderId: order.id, renew }, 'membership plan renewal changed by the buyer');
  return { ...order, ...updated };
}
