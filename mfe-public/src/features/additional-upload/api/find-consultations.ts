/**
 * `GET /api/consultations-by-email?email=` (docs/behaviour/consultation-and-contact.md#e-mail-lookup;
 * docs/decisions.md, 15): the signed-in owner gets their consultations; anyone else is told a link was
 * e-mailed to the address. The query runs only for an address containing '@'.
 */
import { useQuery } from '@tanstack/react-query';
import { ConsultationLookupResponseSchema } from '@platform/contracts';
import type { ConsultationLookupResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function findConsultations(email: string): Promise<ConsultationLookupResponse> {
  const res = await apiRequest('GET', '/api/consultations-by-email', undefined, { query: { email } });
  return ConsultationLookupResponseSchema.parse(await res.json());
}

export function useFindConsultations(email: string | null) {
  return useQuery({
    queryKey: ['/api/consultations-by-email', email],
    queryFn: () => findConsultations(email ?? ''),
    enabled: email !== null && email.includes('@'),
    // Each press of 'Find' asks again (a new link e-mail, a consultation added meanwhile).
    gcTime: 0,
  });
}
