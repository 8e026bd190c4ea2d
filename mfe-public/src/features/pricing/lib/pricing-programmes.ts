/**
 * The pricing page's three programmes (docs/behaviour/checkout-and-payments.md#pricing-page;
 * docs/decisions.md, 1) and where proceeding with one leads. The two paid programmes are products of their
 * own ($1,597.00 each, unlisted on /services, granting the course): the checkout buys exactly that product
 * (`/checkout?product=<id>`), priced by the server. The plan travels along as `?plan=` and is kept as
 * `payment_plan_type`.
 */

/** Shown under the card's checkbox when its button is pressed unticked. */
export const PRICING_AGREEMENT_MESSAGE = 'Please agree to the terms and conditions before proceeding.';

/** Browser storage keys shared with the sign-in pages (docs/behaviour/site-wide.md#browser-storage). */
export const PENDING_PLAN_KEY = 'pending_plan_selection';
export const PENDING_PLAN_FROM_LOGIN_KEY = 'pending_plan_from_login';

export type ProgrammeId = 'self_implementation' | 'revenue_share' | 'flexible_payments';

export type Programme = {
  id: ProgrammeId;
  /** The catalogue product the checkout sells for it; null for the revenue-share programme (no upfront). */
  productId: string | null;
  name: string;
  price: string;
  priceNote: string;
  description: string;
  features: string[];
  action: string;
  highlight: string | null;
};

export const PROGRAMMES: readonly Programme[] = [
  {
    id: 'self_implementation',
    productId: 'self-implementation-program',
    name: 'Self-Implementation Program',
    price: '$1,597',
    priceNote: 'one time',
    description: 'The complete course and its tools, to put in place at your own pace.',
    features: [
      'All 8 sections of the video course',
      'Checklists, scripts and templates',
      'Lifetime access to every lesson',
      '30-day money-back guarantee',
    ],
    action: 'Get Started',
    highlight: null,
  },
  {
    id: 'revenue_share',
    productId: null,
    name: 'Premium Success Program',
    price: '$0 upfront',
    priceNote: '+ 10% success fee on monthly revenue increase',
    description: 'We only win when you do: pay a share of the growth, not a fee for the course.',
    features: [
      'Immediate access to Module 1',
      'Personal restaurant consultation',
      '30-day risk-free implementation period',
      '10% of your monthly net revenue increase, reported monthly',
    ],
    action: 'Apply Now',
    highlight: 'No upfront cost',
  },
  {
    id: 'flexible_payments',
    productId: 'flexible-payments-program',
    name: 'Flexible Payments',
    price: '$1,597',
    priceNote: 'in 3 monthly payments',
    description:
      'The same complete program in three monthly payments of $532.33, $532.33 and $532.34: the first today, the others charged to your card.',
    features: [
      'Everything in Self-Implementation',
      '$532.33 today, then monthly to your card',
      'Start learning today',
      '30-day money-back guarantee',
    ],
    action: 'Choose Flexible Payments',
    highlight: null,
  },
];

export type ProceedDecision =
  | { kind: 'agree-first'; message: string }
  | { kind: 'navigate'; to: string; pendingPlan: ProgrammeId | null };

/**
 * Unticked → the card asks for the agreement. A paid programme → the checkout of its own product, signed in or not (checking out
 * needs no account: the purchase creates one). The Premium Success Program, with nothing to pay upfront,
 * needs an account: signed out → remember the plan and sign up (the sign-up page brings them on to its
 * welcome page); signed in → the revenue-share welcome page.
 */
export function decideProceed(programme: ProgrammeId, agreed: boolean, isSignedIn: boolean): ProceedDecision {
  if (!agreed) return { kind: 'agree-first', message: PRICING_AGREEMENT_MESSAGE };
  const productId = PROGRAMMES.find((candidate) => candidate.id === programme)?.productId ?? null;
  if (productId === null) {
    return isSignedIn
      ? { kind: 'navigate', to: '/revenue-share-welcome', pendingPlan: null }
      : { kind: 'navigate', to: '/signup', pendingPlan: programme };
  }
  return {
    kind: 'navigate',
    to: `/checkout?${new URLSearchParams({ product: productId, plan: programme }).toString()}`,
    pendingPlan: null,
  };
}

/** The programme a visitor picked before signing up, once they are back here signed in. */
export function findPendingProgramme(value: string | null): ProgrammeId | null {
  return PROGRAMMES.find((programme) => programme.id === value)?.id ?? null;
}
