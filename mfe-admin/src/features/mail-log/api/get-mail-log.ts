/**
 * `GET /api/admin/mail?limit=` (notification service, admin only; docs/behaviour/admin.md#mail-log): the
 * newest e-mails with their bodies. A 401 or 403 is an error here, which the admin access handling turns
 * into 'Unauthorized' / 'Access Denied'. The admin home's mail card reads the first page under the same key.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from '@platform/ui';

export function useMailLog(limit: number) {
  return useQuery({
    queryKey: [`/api/admin/mail?limit=${limit}`],
    // Showing older e-mails keeps the list on screen while the longer page loads.
    placeholderData: keepPreviousData,
    queryFn: parsedQueryFn((contracts) => contracts.MailListSchema),
  });
}
