/**
 * `GET /api/consultation/access?token=`: the e-mailed 'Continue Later' link `/consultation?token=…` names the
 * submission to continue at step 2; its token then authorises the uploads and the completion.
 */
import { useQuery } from '@tanstack/react-query';
import { ConsultationAccessSchema } from '@platform/contracts';
import type { ConsultationAccess } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function openContinueLink(token: string): Promise<ConsultationAccess> {
  const res = await apiRequest('GET', '/api/consultation/access', undefined, { query: { token } });
  return ConsultationAccessSchema.parse(await res.json());
}

export function useContinueLink(token: string | null) {
  return useQuery({
    queryKey: ['/api/consultation/access', token],
    queryFn: () => openContinueLink(token ?? ''),
    enabled: token !== null && token.length > 0,
    retry: false,
  });
}
