/**
 * `GET /api/revenue-statements(/{YYYY-MM})` (docs/behaviour/revenue-share.md#monthly-statements): the
 * signed-in owner's statement of a month, the month now running when none is chosen. A report changes it,
 * so it is read again with the reports (the key's first part is shared by every month).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '@platform/ui';

export const MY_STATEMENTS_QUERY_KEY = ['/api/revenue-statements'] as const;

/** The PDF of the owner's statement of `month` (`YYYY-MM`). */
export const statementPdfUrl = (month: string) => `/api/revenue-statements/${month}.pdf`;

export function useMyStatement(month: string | null) {
  const queryKey: readonly string[] = month ? [...MY_STATEMENTS_QUERY_KEY, month] : MY_STATEMENTS_QUERY_KEY;
  return useQuery({
    queryKey,
    queryFn: parsedQueryFn((contracts) => contracts.RevenueStatementSchema),
    placeholderData: keepPreviousData,
  });
}
