/**
 * `GET /api/certificates` (docs/behaviour/member-learning.md#certificates): the signed-in learner's
 * certificates, read by the dashboard once the course is finished. A 401 reads as null (signed out).
 */
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export const MY_CERTIFICATES_QUERY_KEY = ['/api/certificates'] as const;

export function useMyCertificates(enabled: boolean) {
  return useQuery({
    queryKey: MY_CERTIFICATES_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MyCertificateListSchema),
  });
}
