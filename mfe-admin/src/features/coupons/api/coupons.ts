/**
 * `GET /api/admin/coupons` and `POST /api/admin/coupons` (payment service, admin only;
 * docs/behaviour/admin.md#coupons), with the products a coupon can name. After a failed creation the page
 * looks for the coupon in the list (`useFindCreatedCoupon`): its answer may have been lost.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Coupon, CreateCouponRequest } from '@platform/contracts';
import { apiRequest, defineParsedQuery, parseAnswer, readNow, useRefreshingMutation } from '@platform/ui';
import { isSameCoupon } from '../lib/coupon-form';

const coupons = defineParsedQuery(['/api/admin/coupons'], (contracts) => contracts.CouponListSchema);

export const COUPONS_QUERY_KEY = coupons.queryKey;
export const useCoupons = () => coupons.use();

export function useCreateCoupon() {
  return useRefreshingMutation(
    async (request: CreateCouponRequest): Promise<Coupon> => {
      const response = await apiRequest('POST', '/api/admin/coupons', request);
      const { coupon } = (await response.json()) as { coupon: unknown };
      return parseAnswer(coupon, (contracts) => contracts.CouponSchema);
    },
    { refreshes: [COUPONS_QUERY_KEY], after: 'success' },
  );
}

/**
 * The coupon `request` creates, if the server has it: read past the cache, so a read that fails too leaves
 * the page as it was (null: the failure is told as it came); once found, the list shows it.
 */
export function useFindCreatedCoupon(): (request: CreateCouponRequest) => Promise<Coupon | null> {
  const client = useQueryClient();
  return async (request) => {
    const list = await readNow('/api/admin/coupons', (contracts) => contracts.CouponListSchema);
    const coupon = list?.coupons.find((item) => isSameCoupon(item, request));
    if (coupon) client.setQueryData(COUPONS_QUERY_KEY, list);
    return coupon ?? null;
  };
}
