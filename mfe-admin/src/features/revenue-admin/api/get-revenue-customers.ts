/** `GET /api/admin/revenue-customers` (admin only): every owner on the plan with their figures now. */
import { defineParsedQuery } from '@platform/ui';
import { REVENUE_CUSTOMERS_KEY, useLedgerReadNow } from './revenue-ledger-keys';

const revenueCustomers = defineParsedQuery(REVENUE_CUSTOMERS_KEY, (contracts) =>
  contracts.RevenueCustomerSchema.array(),
);

export const revenueCustomersQuery = () => revenueCustomers.options();
export const useRevenueCustomers = () => revenueCustomers.use();

/** The owners as the server has them now (see useLedgerReadNow). */
export const useReadRevenueCustomersNow = () =>
  useLedgerReadNow(REVENUE_CUSTOMERS_KEY, (contracts) => contracts.RevenueCustomerSchema.array());
