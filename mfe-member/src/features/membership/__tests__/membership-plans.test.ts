import { describe, expect, it } from '@jest/globals';
import { BillingInfoSchema, CreateCheckoutSessionRequestSchema } from '@platform/contracts';
import { buildTestPurchaseRequest, getTestBilling } from '../api/simulate-test-payment';
import {
  MEMBERSHIP_PLANS,
  findMembershipPlan,
  getPlanCheckoutPath,
  getRenewalNote,
  getSavingsPercent,
} from '../lib/membership-plans';

describe('membership plans', () => {
  it('are the fixed list of the spec, in cents', () => {
    expect(
      MEMBERSHIP_PLANS.map(({ name, price, period, popular, savings }) => ({
        name,
        price,
        period,
        popular,
        savings,
      })),
    ).toEqual([
      { name: 'Monthly', price: 2999, period: 'month', popular: false, savings: null },
      {
        name: 'Quarterly',
        price: 7999,
        period: 'quarter',
        popular: true,
        savings: 'Save 11% compared to monthly',
      },
      {
        name: 'Annual',
        price: 29999,
        period: 'year',
        popular: false,
        savings: 'Save 16% compared to monthly',
      },
    ]);
  });

  it('state savings that match their prices', () => {
    expect(getSavingsPercent(findMembershipPlan('quarterly')!)).toBe(11);
    expect(getSavingsPercent(findMembershipPlan('annual')!)).toBe(16);
  });

  it('continue to the checkout of their own product, with the method and plan', () => {
    expect(getPlanCheckoutPath(findMembershipPlan('annual')!, 'paypal')).toBe(
      '/checkout?product=membership-annual&method=paypal&plan=membership_annual',
    );
    expect(getPlanCheckoutPath(findMembershipPlan('monthly')!, 'card')).toBe(
      '/checkout?product=membership-monthly&method=card&plan=membership_monthly',
    );
    expect(MEMBERSHIP_PLANS.map((plan) => plan.productId)).toEqual([
      'membership-monthly',
      'membership-quarterly',
      'membership-annual',
    ]);
  });

  it('say plainly that one payment buys the first period and nothing renews by itself', () => {
    expect(MEMBERSHIP_PLANS.map((plan) => getRenewalNote(plan))).toEqual([
      'One payment for the first month; renewal is not automatic yet.',
      'One payment for the first quarter; renewal is not automatic yet.',
      'One payment for the first year; renewal is not automatic yet.',
    ]);
    for (const plan of MEMBERSHIP_PLANS) {
      expect(`${plan.description} ${plan.features.join(' ')}`).not.toMatch(/billed every|cancel any time/i);
    }
  });

  it('say that a plan paid by card renews when Stripe takes the card', () => {
    expect(getRenewalNote(MEMBERSHIP_PLANS[1]!, 'stripe')).toBe(
      'Paid by card, the plan renews every quarter until it is cancelled; with PayPal it is one payment for the first quarter.',
    );
    expect(getRenewalNote(MEMBERSHIP_PLANS[1]!, 'test')).toBe(
      'One payment for the first quarter; renewal is not automatic yet.',
    );
  });

  it('simulate a purchase with billing details the payment service accepts, even without a last name', () => {
    const billing = getTestBilling({ firstName: 'Ana', lastName: null, email: 'ana@example.com' });
    expect(BillingInfoSchema.parse(billing)).toMatchObject({
      firstName: 'Ana',
      lastName: 'Member',
      country: 'US',
    });
  });

  it('simulate buying the chosen plan’s product, not the course', () => {
    const request = CreateCheckoutSessionRequestSchema.parse(
      buildTestPurchaseRequest(
        { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
        findMembershipPlan('monthly')!,
      ),
    );
    expect(request.items).toEqual([{ id: 'membership-monthly', name: 'Monthly membership', quantity: 1 }]);
    expect(request.customer_email).toBe('ana@example.com');
  });
});
