/** A checkout refused because the account already has the purchase, or for a reason the buyer should read. */
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@platform/ui';
import { alreadyOwnedLink } from '../lib/already-owned-copy';
import { CheckoutError, readCheckoutRefusal } from '../lib/checkout-error';

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

  it('sends a signed-in buyer to the dashboard and a visitor to sign in', () => {
    expect(alreadyOwnedLink(true)).toEqual({ label: 'Go to your dashboard', to: '/dashboard' });
    expect(alreadyOwnedLink(false)).toEqual({ label: 'Sign in', to: '/login' });
  });
});
