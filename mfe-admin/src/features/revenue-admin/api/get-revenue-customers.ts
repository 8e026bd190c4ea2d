/** `GET /api/admin/revenue-customers` (admin only): every owner on the plan with their figures now. */
import { REVENUE_CUSTOMERS_KEY, defineLedgerList } from './revenue-ledger-keys';

const revenueCustomers = defineLedgerList(REVENUE_CUSTOMERS_KEY, (contracts) =>
  contracts.RevenueCustomerSchema.array(),
);

export const useRevenueCustomers = revenueCustomers.use;

/** The owners as the server has them now (see useLedgerReadNow). */
export const useReadRevenueCustomersNow = revenueCustomers.useReadNow;
