/** `GET /api/consultation/access?token=`: the e-mailed `/additional-upload?token=…` link opens the upload step. */
import { useQuery } from '@tanstack/react-query';
import { ConsultationAccessSchema } from '@platform/contracts';
import type { ConsultationAccess } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function getConsultationAccess(token: string): Promise<ConsultationAccess> {
  const res = await apiRequest('GET', '/api/consultation/access', undefined, { query: { token } });
  return ConsultationAccessSchema.parse(await res.json());
}

export function useConsultationAccess(token: string | null) {
  return useQuery({
    queryKey: ['/api/consultation/access', token],
    queryFn: () => getConsultationAccess(token ?? ''),
    enabled: token !== null && token.length > 0,
  });
}
