import { describe, expect, it } from '@jest/globals';
import { PROGRAMMES, decideProceed, findPendingProgramme } from '../lib/pricing-programmes';

/** Proceed, ticked, on each paid programme, signed in or not: on to its own product at checkout. */
function expectPaidProgrammesSentToCheckout(signedIn: boolean) {
  expect(decideProceed('self_implementation', true, signedIn)).toEqual({
    kind: 'navigate',
    to: '/checkout?product=self-implementation-program&plan=self_implementation',
    pendingPlan: null,
  });
  expect(decideProceed('flexible_payments', true, signedIn)).toEqual({
    kind: 'navigate',
    to: '/checkout?product=flexible-payments-program&plan=flexible_payments',
    pendingPlan: null,
  });
}

describe('the pricing page', () => {
  it('offers the three programmes at the spec prices', () => {
    expect(PROGRAMMES.map(({ name, price, priceNote }) => `${name}: ${price} ${priceNote}`)).toEqual([
      'Self-Implementation Program: $1,597 one time',
      'Premium Success Program: $0 upfront + 10% success fee on monthly revenue increase',
      'Flexible Payments: $1,597 in 3 monthly payments',
    ]);
  });

  it('asks for the agreement when it is not ticked, signed in or not', () => {
    for (const programme of PROGRAMMES) {
      for (const signedIn of [true, false]) {
        expect(decideProceed(programme.id, false, signedIn)).toEqual({
          kind: 'agree-first',
          message: 'Please agree to the terms and conditions before proceeding.',
        });
      }
    }
  });

  it('sends a signed-out visitor to the paid programmes’ checkout, which needs no account', () => {
    expectPaidProgrammesSentToCheckout(false);
  });

  it('sends a signed-out visitor to sign up for the premium programme, with the plan kept', () => {
    expect(decideProceed('revenue_share', true, false)).toEqual({
      kind: 'navigate',
      to: '/signup',
      pendingPlan: 'revenue_share',
    });
  });

  it('sends a signed-in visitor on: paid programmes to their own product at checkout, revenue share to its welcome page', () => {
    expectPaidProgrammesSentToCheckout(true);
    expect(decideProceed('revenue_share', true, true)).toEqual({
      kind: 'navigate',
      to: '/revenue-share-welcome',
      pendingPlan: null,
    });
  });

  it('sells each paid programme as the product priced like its card ($1,597 → 159700 cents)', () => {
    const paid = PROGRAMMES.filter((programme) => programme.productId !== null);
    expect(paid.map(({ productId, price }) => [productId, price])).toEqual([
      ['self-implementation-program', '$1,597'],
      ['flexible-payments-program', '$1,597'],
    ]);
  });

  it('recognises only its own programmes as a pending plan', () => {
    expect(findPendingProgramme('flexible_payments')).toBe('flexible_payments');
    expect(findPendingProgramme('monthly')).toBeNull();
    expect(findPendingProgramme(null)).toBeNull();
  });
});
