/**
 * `GET /api/admin/coupons` and `POST /api/admin/coupons` (payment service, admin only;
 * docs/behaviour/admin.md#coupons), with the products a coupon can name.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CreateCouponRequest } from '@platform/contracts';
import { apiRequest, parseAnswer, parsedQueryFn } from '@platform/ui';

export const COUPONS_QUERY_KEY = ['/api/admin/coupons'] as const;

export function useCoupons() {
  return useQuery({
    queryKey: COUPONS_QUERY_KEY,
    queryFn: parsedQueryFn((contracts) => contracts.CouponListSchema),
  });
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateCouponRequest): Promise<Coupon> => {
      const response = await apiRequest('POST', '/api/admin/coupons', request);
      const { coupon } = (await response.json()) as { coupon: unknown };
      return parseAnswer(coupon, (contracts) => contracts.CouponSchema);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
