/**
 * Where the checkout's back link leads: the page the buyer came from. Only a cart checkout goes back to the
 * cart; a product bought alone leaves the cart untouched (often empty), so its link goes to the page that
 * sells it: a membership plan to `/membership`, a programme to `/pricing`, anything else to `/services`, and
 * the course purchase to the course page.
 */
export type CheckoutBackLink = { to: string; label: string };

export type CheckoutPurchase = 'cart' | 'course' | 'product';

export function getCheckoutBackLink(input: {
  purchase: CheckoutPurchase;
  /** The catalogue category of the product bought alone, when it is known. */
  productCategory?: string | null;
  /** `?plan=…`: membership plans arrive as `membership_<period>`. */
  plan?: string | null;
}): CheckoutBackLink {
  if (input.purchase === 'cart') return { to: '/cart', label: 'Back to Cart' };
  if (input.purchase === 'course') return { to: '/', label: 'Back to Course' };
  if (input.productCategory === 'membership' || input.plan?.startsWith('membership_'))
    return { to: '/membership', label: 'Back to Membership' };
  if (input.productCategory === 'program') return { to: '/pricing', label: 'Back to Pricing' };
  return { to: '/services', label: 'Back to Services' };
}
