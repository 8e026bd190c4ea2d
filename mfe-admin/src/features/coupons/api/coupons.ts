/**
 * `GET /api/admin/coupons` and `POST /api/admin/coupons` (payment service, admin only;
 * docs/behaviour/admin.md#coupons), with the products a coupon can name.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponList, CreateCouponRequest } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });
export const COUPONS_QUERY_KEY = ['/api/admin/coupons'] as const;

export function useCoupons() {
  return useQuery({
    queryKey: COUPONS_QUERY_KEY,
    queryFn: async (context): Promise<CouponList> => {
      const [body, { CouponListSchema }] = await Promise.all([read(context), import('@platform/contracts')]);
      return CouponListSchema.parse(body);
    },
  });
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateCouponRequest): Promise<Coupon> => {
      const response = await apiRequest('POST', '/api/admin/coupons', request);
      const { CouponSchema } = await import('@platform/contracts');
      return CouponSchema.parse(((await response.json()) as { coupon: unknown }).coupon);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
