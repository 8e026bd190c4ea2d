/** `GET /api/admin/revenue-customers/:id/baseline-changes` (admin only): the recorded corrections, newest first. */
import { defineParsedQueryFamily } from '@platform/ui';
import { REVENUE_CUSTOMERS_KEY } from './revenue-ledger-keys';

const baselineChanges = defineParsedQueryFamily(
  (customerId: string) => [...REVENUE_CUSTOMERS_KEY, encodeURIComponent(customerId), 'baseline-changes'],
  (contracts) => contracts.BaselineChangeListSchema,
);

export const baselineChangesQuery = baselineChanges.options;
export const useBaselineChanges = baselineChanges.use;
