/**
 * The membership page's fixed plan list (docs/behaviour/checkout-and-payments.md#membership-page). Amounts in
 * cents (docs/decisions.md, 1); the savings lines are the reference's words. Each plan is a catalogue product
 * of its own (unlisted on /services, granting the course) that the checkout sells at the server's price. A
 * plan is a subscription that renews when Stripe takes the card, otherwise one payment for its period.
 */

export type MembershipPlanId = 'monthly' | 'quarterly' | 'annual';

export type MembershipPlan = {
  id: MembershipPlanId;
  /** The catalogue product bought for this plan (`GET /api/products/:id`). */
  productId: `membership-${MembershipPlanId}`;
  name: string;
  /** Cents. */
  price: number;
  period: 'month' | 'quarter' | 'year';
  description: string;
  features: string[];
  popular: boolean;
  savings: string | null;
};

const SHARED_FEATURES = [
  'Every section of the video course',
  'A new section released each day',
  'Checklists, scripts and templates',
];

export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  {
    id: 'monthly',
    productId: 'membership-monthly',
    name: 'Monthly',
    price: 2999,
    period: 'month',
    description: 'A month of full access at a time.',
    features: [...SHARED_FEATURES, 'E-mail support'],
    popular: false,
    savings: null,
  },
  {
    id: 'quarterly',
    productId: 'membership-quarterly',
    name: 'Quarterly',
    price: 7999,
    period: 'quarter',
    description: 'Three months of access at a lower price.',
    features: [...SHARED_FEATURES, 'Priority e-mail support'],
    popular: true,
    savings: 'Save 11% compared to monthly',
  },
  {
    id: 'annual',
    productId: 'membership-annual',
    name: 'Annual',
    price: 29999,
    period: 'year',
    description: 'A full year of learning and support.',
    features: [...SHARED_FEATURES, 'Priority e-mail support', 'Bonus implementation resources'],
    popular: false,
    savings: 'Save 16% compared to monthly',
  },
];

export function findMembershipPlan(id: string | null): MembershipPlan | null {
  return MEMBERSHIP_PLANS.find((plan) => plan.id === id) ?? null;
}

/** The saving against paying monthly for the same months, in whole percent (rounded down). */
export function getSavingsPercent(
  plan: MembershipPlan,
  monthly: MembershipPlan = MEMBERSHIP_PLANS[0]!,
): number {
  const months = plan.period === 'year' ? 12 : plan.period === 'quarter' ? 3 : 1;
  const atMonthly = monthly.price * months;
  return Math.floor(((atMonthly - plan.price) / atMonthly) * 100);
}

/** The checkout of this plan's product, with the chosen method preselected. */
export function getPlanCheckoutPath(plan: MembershipPlan, method: 'card' | 'paypal'): string {
  const search = new URLSearchParams({ product: plan.productId, method, plan: `membership_${plan.id}` });
  return `/checkout?${search.toString()}`;
}

/** Said plainly on the payment step: what one payment buys, since nothing renews by itself yet. */
/**
 * With Stripe taking cards (`GET /api/payment/providers` → `card: 'stripe'`) a plan paid by card is a
 * subscription that renews; PayPal and the built-in test provider take one payment for the first period.
 */
export function getRenewalNote(plan: MembershipPlan, cardProvider?: string | null): string {
  if (cardProvider === 'stripe') {
    return `Paid by card, the plan renews every ${plan.period} until it is cancelled; with PayPal it is one payment for the first ${plan.period}.`;
  }
  return `One payment for the first ${plan.period}; renewal is not automatic yet.`;
}
