import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from '../../../test/memory-storage';
import { getCheckoutBackLink } from '../lib/checkout-back-link';
import {
  getLeftCheckoutPath,
  peekLeftCheckout,
  readReturnOutcome,
  rememberLeftCheckout,
  toReturnSearch,
} from '../lib/checkout-return';

describe('coming back from the payment page', () => {
  it('recognises only the two outcomes the payment service sends', () => {
    expect(readReturnOutcome(new URLSearchParams('payment=failed'))).toBe('failed');
    expect(readReturnOutcome(new URLSearchParams('payment=cancelled'))).toBe('cancelled');
    expect(readReturnOutcome(new URLSearchParams('payment=paid'))).toBeNull();
    expect(readReturnOutcome(new URLSearchParams(''))).toBeNull();
  });

  it('reopens the checkout as submitted: what it sells and the method chosen on the form', () => {
    const programme = new URLSearchParams('product=self-implementation-program&plan=self_implementation');
    expect(toReturnSearch(programme, 'card')).toBe(
      '?product=self-implementation-program&plan=self_implementation',
    );
    // The membership page links with method=card; PayPal chosen on the form wins.
    const plan = new URLSearchParams('product=membership-monthly&method=card&plan=membership_monthly');
    expect(toReturnSearch(plan, 'paypal')).toBe(
      '?product=membership-monthly&method=paypal&plan=membership_monthly',
    );
    expect(toReturnSearch(new URLSearchParams('course=1&payment=failed&utm=x'), 'card')).toBe('?course=1');
    expect(toReturnSearch(new URLSearchParams(''), 'card')).toBe('');
  });

  it('keeps only checkout parameters of what this tab remembered', () => {
    const storage = memoryStorage();
    expect(peekLeftCheckout(storage)).toBeNull();
    expect(getLeftCheckoutPath(storage)).toBe('/checkout');
    rememberLeftCheckout('?product=flexible-payments-program&plan=flexible_payments', storage);
    expect(getLeftCheckoutPath(storage)).toBe(
      '/checkout?product=flexible-payments-program&plan=flexible_payments',
    );
    // Tampered storage cannot smuggle anything else into the address.
    rememberLeftCheckout('?next=https://evil.example&method=paypal&payment=failed', storage);
    expect(peekLeftCheckout(storage)).toBe('?method=paypal');
  });
});

describe('the checkout’s back link', () => {
  it('goes to the cart only for a cart checkout, otherwise to the page that sells the product', () => {
    expect(getCheckoutBackLink({ purchase: 'cart' })).toEqual({ to: '/cart', label: 'Back to Cart' });
    expect(
      getCheckoutBackLink({ purchase: 'product', productCategory: 'membership', plan: 'membership_monthly' }),
    ).toEqual({ to: '/membership', label: 'Back to Membership' });
    // The plan says so even before the product has loaded.
    expect(getCheckoutBackLink({ purchase: 'product', plan: 'membership_annual' }).to).toBe('/membership');
    expect(getCheckoutBackLink({ purchase: 'product', productCategory: 'program' })).toEqual({
      to: '/pricing',
      label: 'Back to Pricing',
    });
    expect(getCheckoutBackLink({ purchase: 'product', productCategory: 'consulting' }).to).toBe('/services');
    expect(getCheckoutBackLink({ purchase: 'course' }).to).toBe('/');
  });
});
