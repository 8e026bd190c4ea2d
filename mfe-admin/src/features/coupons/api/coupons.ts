/**
 * `GET /api/admin/coupons` and `POST /api/admin/coupons` (payment service, admin only;
 * docs/behaviour/admin.md#coupons), with the products a coupon can name.
 */
import type { Coupon, CreateCouponRequest } from '@platform/contracts';
import { apiRequest, defineParsedQuery, parseAnswer, useRefreshingMutation } from '@platform/ui';

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
