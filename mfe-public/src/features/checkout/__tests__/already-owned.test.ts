/** A checkout refused because the account already has the purchase, or for a reason the buyer should read. */
import { describe, expect, it } from '@jest/globals';
import { CHECKOUT_MESSAGES } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { alreadyOwnedLink } from '../lib/already-owned-copy';
import { CheckoutError, isRequestIdTaken, readCheckoutRefusal } from '../lib/checkout-error';

const refused = (status: number, message: string) =>
  new CheckoutError(message, new ApiError(status, JSON.stringify({ message })));

describe('a refused checkout', () => {
  it('reads a 409 as the account already having it, with the server’s words', () => {
    const message =
      'You already have the Restaurant Consultation on your account, so there is nothing to pay. Open your dashboard to use it.';
    expect(readCheckoutRefusal(refused(409, message))).toEqual({ kind: 'owned', message });
  });

  it('passes a 400’s reason on, and keeps other failures generic', () => {
    const message = 'The Restaurant Consultation is bought once per person, so its quantity must be 1.';
    expect(readCheckoutRefusal(refused(400, message))).toEqual({ kind: 'invalid', message });
    expect(readCheckoutRefusal(refused(502, 'Failed to create checkout session'))).toBeNull();
    expect(readCheckoutRefusal(new CheckoutError('Invalid session data received from server'))).toBeNull();
    expect(readCheckoutRefusal(new Error('offline'))).toBeNull();
  });

  it('tells the 409s of a payment pressed again apart from what the account has', () => {
    const preparing = CHECKOUT_MESSAGES.checkoutBeingPrepared;
    expect(readCheckoutRefusal(refused(409, preparing))).toEqual({ kind: 'wait', message: preparing });
    expect(isRequestIdTaken(refused(409, preparing))).toBe(false);
    // Its id on an order of other values: the page pays again under a new id, never shown as owned.
    expect(isRequestIdTaken(refused(409, CHECKOUT_MESSAGES.requestIdTaken))).toBe(true);
    expect(isRequestIdTaken(refused(400, CHECKOUT_MESSAGES.requestIdTaken))).toBe(false);
    expect(isRequestIdTaken(new Error('offline'))).toBe(false);
  });

  it('sends a signed-in buyer to the dashboard and a visitor to sign in', () => {
    expect(alreadyOwnedLink(true)).toEqual({ label: 'Go to your dashboard', to: '/dashboard' });
    expect(alreadyOwnedLink(false)).toEqual({ label: 'Sign in', to: '/login' });
  });
});
