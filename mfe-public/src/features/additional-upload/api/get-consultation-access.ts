/** `GET /api/consultation/access?token=`: the e-mailed `/additional-upload?token=…` link opens the upload step. */
import { useQuery } from '@tanstack/react-query';
import { ConsultationAccessSchema } from '@platform/contracts';
import type { ConsultationAccess } from '@platform/contracts';
import { throwIfNotOk } from '../lib/throw-if-not-ok';

export async function getConsultationAccess(token: string): Promise<ConsultationAccess> {
  const res = await fetch(`/api/consultation/access?token=${encodeURIComponent(token)}`, {
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return ConsultationAccessSchema.parse(await res.json());
}

export function useConsultationAccess(token: string | null) {
  return useQuery({
    queryKey: ['/api/consultation/access', token],
    queryFn: () => getConsultationAccess(token ?? ''),
    enabled: token !== null && token.length > 0,
  });
}
