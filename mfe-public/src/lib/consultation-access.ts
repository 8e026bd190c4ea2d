/**
 * `GET /api/consultation/access?token=`: the submission an e-mailed link's token opens, for both links that
 * carry one (the 'Continue Later' link of /consultation and the /additional-upload link).
 */
import { ConsultationAccessSchema } from '@platform/contracts';
import type { ConsultationAccess } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function getConsultationAccess(token: string): Promise<ConsultationAccess> {
  const res = await apiRequest('GET', '/api/consultation/access', undefined, { query: { token } });
  return ConsultationAccessSchema.parse(await res.json());
}

/** The query of a link's access: it runs only once the page has a token. */
export function consultationAccessQuery(token: string | null) {
  return {
    queryKey: ['/api/consultation/access', token],
    queryFn: () => getConsultationAccess(token ?? ''),
    enabled: token !== null && token.length > 0,
  };
}
