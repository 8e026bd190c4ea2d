/**
 * `POST /api/checkout/quote` (docs/behaviour/checkout-and-payments.md#coupons): what the server would
 * charge for these lines with this coupon code. A code it refuses is an error carrying its message.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@platform/contracts';
import type { CheckoutLineView } from '../lib/checkout-lines';
import { toRequestItems } from '../lib/checkout-lines';
import { CheckoutError } from '../lib/checkout-error';
import { postCheckout } from './post-checkout';

export const COUPON_CHECK_FAILED = 'The code could not be checked. Please try again.';

export async function quoteCheckout(
  lines: readonly CheckoutLineView[],
  couponCode: string,
): Promise<CheckoutQuote> {
  const { CheckoutQuoteSchema } = await import('@platform/contracts');
  const answer = await postCheckout(
    '/api/checkout/quote',
    { items: toRequestItems(lines), couponCode },
    COUPON_CHECK_FAILED,
  );
  const parsed = CheckoutQuoteSchema.safeParse(answer);
  if (!parsed.success) throw new CheckoutError(COUPON_CHECK_FAILED);
  return parsed.data;
}

/** The quote for the applied code; idle without one. */
export function useCheckoutQuote(lines: readonly CheckoutLineView[], couponCode: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [
        '/api/checkout/quote',
        couponCode,
        lines.map((line) => `${line.id}:${line.quantity}`).join(','),
      ],
      queryFn: () => quoteCheckout(lines, couponCode ?? ''),
      enabled: couponCode !== null && lines.length > 0,
      retry: false,
      staleTime: 60_000,
    }),
  );
}
