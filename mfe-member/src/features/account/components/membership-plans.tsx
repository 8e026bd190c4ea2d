/**
 * The account page's membership plans: each plan bought as a subscription, whether it renews, and the
 * button that cancels its renewal (access lasts to the end of the paid period) or resumes it. Nothing is
 * shown without one.
 */
import { useState } from 'react';
import type { MyOrder } from '@platform/contracts';
import { Badge, Button, getServerMessage, toast, useAuth } from '@platform/ui';
import { useMyOrders } from '../../orders/api/orders';
import { useSetPlanRenewal } from '../api/set-plan-renewal';
import { ACCOUNT_COPY, PLAN_RENEWAL_LABELS } from '../lib/account-copy';
import { AccountFormCard } from './account-form-card';

function PlanRow({ order, onError }: { order: MyOrder; onError: (message: string) => void }) {
  const change = useSetPlanRenewal();
  const state = order.planRenewal!;
  const label = PLAN_RENEWAL_LABELS[state];
  const renew = state === 'cancelling';
  const onClick = async () => {
    try {
      await change.mutateAsync({ orderId: order.id, renew });
      toast({ title: renew ? ACCOUNT_COPY.planResumed : ACCOUNT_COPY.planCancelled, variant: 'success' });
    } catch (failure) {
      onError(getServerMessage(failure) ?? ACCOUNT_COPY.failed);
    }
  };
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="plan-row"
    >
      <div className="min-w-0">
        <p className="font-medium">{order.lines.map((line) => line.name).join(', ')}</p>
        <p className="text-sm text-muted-foreground">{label.description}</p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <Badge variant={label.variant}>{label.badge}</Badge>
        {state === 'ended' ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={change.isPending}
            onClick={() => void onClick()}
          >
            {renew ? 'Resume renewal' : 'Cancel renewal'}
          </Button>
        )}
      </div>
    </li>
  );
}

export function MembershipPlans() {
  const { user } = useAuth();
  const orders = useMyOrders(user !== null);
  const [error, setError] = useState<string | null>(null);
  const plans = (orders.data?.orders ?? []).filter((order) => order.planRenewal !== null);
  if (plans.length === 0) return null;
  return (
    <AccountFormCard section="plans" error={error}>
      <ul className="divide-y divide-border rounded-md border border-border">
        {plans.map((order) => (
          <PlanRow key={order.id} order={order} onError={setError} />
        ))}
      </ul>
    </AccountFormCard>
  );
}
