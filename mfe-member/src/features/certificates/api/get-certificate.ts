/**
 * `GET /api/certificates/:id`, public (docs/behaviour/member-learning.md#certificates): the name, the course
 * and the date of a certificate, or null when no certificate has that id.
 */
import { useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '@platform/contracts';
import { ApiError, parsedQueryFn } from '@platform/ui';

const read = parsedQueryFn((contracts) => contracts.CertificateVerificationSchema);

export function useCertificate(id: string) {
  return useQuery({
    queryKey: ['/api/certificates', id],
    queryFn: async (context): Promise<CertificateVerification | null> => {
      try {
        return await read(context);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
