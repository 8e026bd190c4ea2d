/**
 * `GET /api/consultations` (docs/behaviour/admin.md#api-calls, admin only): every submission, newest first. A
 * 401 or 403 is an error here (docs/behaviour/admin.md#admin-access turns them into 'Unauthorized' and
 * 'Access Denied').
 */
import type { AdminConsultation } from '@platform/contracts';
import { defineParsedQuery } from '@platform/ui';

export type { AdminConsultation };

const consultations = defineParsedQuery(
  ['/api/consultations'],
  (contracts) => contracts.AdminConsultationListSchema,
);

export const CONSULTATIONS_QUERY_KEY = consultations.queryKey;
export const consultationsQuery = () => consultations.options();
export const useConsultations = () => consultations.use();
