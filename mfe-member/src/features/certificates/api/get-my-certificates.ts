/**
 * `GET /api/certificates` (docs/behaviour/member-learning.md#certificates): the signed-in learner's
 * certificates, read by the dashboard once the course is finished. A 401 reads as null (signed out).
 */
import { useQuery } from '@tanstack/react-query';
import type { MyCertificateList } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

export const MY_CERTIFICATES_QUERY_KEY = ['/api/certificates'] as const;

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function useMyCertificates(enabled: boolean) {
  return useQuery({
    queryKey: MY_CERTIFICATES_QUERY_KEY,
    enabled,
    queryFn: async (context): Promise<MyCertificateList | null> => {
      const [body, { MyCertificateListSchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : MyCertificateListSchema.parse(body);
    },
  });
}
