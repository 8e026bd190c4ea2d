/** `GET /api/admin/revenue-customers` (admin only): every owner on the plan with their figures now. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RevenueCustomerSchema } from '@platform/contracts';
import type { RevenueCustomer } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';
import { z } from 'zod';
import { REVENUE_CUSTOMERS_KEY } from './revenue-ledger-keys';

const read = getQueryFn<unknown>({ on401: 'throw' });
const CustomerListSchema = z.array(RevenueCustomerSchema);

export function revenueCustomersQuery() {
  return queryOptions({
    queryKey: REVENUE_CUSTOMERS_KEY,
    queryFn: async (context): Promise<RevenueCustomer[]> => CustomerListSchema.parse(await read(context)),
  });
}

export function useRevenueCustomers() {
  return useQuery(revenueCustomersQuery());
}
