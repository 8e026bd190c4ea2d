/**
 * `GET /api/certificates/:id`, public (docs/behaviour/member-learning.md#certificates): the name, the course
 * and the date of a certificate, or null when no certificate has that id.
 */
import { useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '@platform/contracts';
import { ApiError, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });

export function useCertificate(id: string) {
  return useQuery({
    queryKey: ['/api/certificates', id],
    queryFn: async (context): Promise<CertificateVerification | null> => {
      const { CertificateVerificationSchema } = await import('@platform/contracts');
      try {
        return CertificateVerificationSchema.parse(await read(context));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
