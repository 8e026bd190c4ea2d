/**
 * One membership plan (docs/behaviour/checkout-and-payments.md#membership-page): price per period, savings,
 * features, 'Select Plan'.
 */
import { CheckList, OfferCard } from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import type { MembershipPlan } from '../lib/membership-plans';

export function PlanCard({ plan, onSelect }: { plan: MembershipPlan; onSelect: () => void }) {
  return (
    <OfferCard
      id={`plan-${plan.id}`}
      name={plan.name}
      badge={plan.popular ? 'Most Popular' : null}
      featured={plan.popular}
      price={formatMoney(plan.price)}
      priceClassName="tabular-nums"
      priceNote={`per ${plan.period}`}
      note={plan.savings ? <p className="text-sm font-medium text-success">{plan.savings}</p> : null}
      description={plan.description}
      actionLabel="Select Plan"
      onAction={onSelect}
    >
      <CheckList items={plan.features} className="space-y-2 text-sm" itemClassName="items-start" />
    </OfferCard>
  );
}
