/**
 * The words of a purchase the account already has (docs/behaviour/checkout-and-payments.md#one-per-person),
 * on the checkout and the confirmation page, and where each kind of buyer goes to use it.
 */
export const ALREADY_OWNED_COPY = {
  checkoutTitle: 'You already have this',
  confirmationTitle: 'You already had this purchase',
  dashboard: { label: 'Go to your dashboard', to: '/dashboard' },
  signIn: { label: 'Sign in', to: '/login' },
} as const;

/** A signed-in buyer opens the dashboard; a visitor signs in with the e-mail that bought it. */
export function alreadyOwnedLink(isSignedIn: boolean): { label: string; to: string } {
  return isSignedIn ? ALREADY_OWNED_COPY.dashboard : ALREADY_OWNED_COPY.signIn;
}
